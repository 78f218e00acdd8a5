/** The curl sample of an operation: the stand-in's URL, the credential from its environment variable. */
import type { ApiDocsSettings } from '../apis.ts'
import { shellJson } from './literal.ts'
import { concretePath, queryString, type SampleOperation } from './operations.ts'

const SAFE_URL = /^[\w:/.\-~%]+$/

export function curlSample(op: SampleOperation, api: ApiDocsSettings): string {
  const url = `${api.localUrl}${concretePath(op)}${queryString(op)}`
  const lines = [
    `curl -sS${op.method === 'GET' ? '' : ` -X ${op.method}`} ${SAFE_URL.test(url) ? url : `'${url}'`}`,
  ]
  const variable = op.scheme ? api.credentials[op.scheme] : undefined
  if (variable) lines.push(`-H "Authorization: Bearer $${variable}"`)
  const body = op.body
  if (body?.kind === 'json') {
    lines.push(`-H 'Content-Type: application/json'`, `-d ${shellJson(body.value)}`)
  } else if (body?.kind === 'multipart') {
    lines.push(`-F '${body.fileField}=@${body.fileName};type=${body.fileType}'`)
    for (const [name, value] of Object.entries(body.fields)) {
      const part = typeof value === 'string' ? value : `${JSON.stringify(value)};type=application/json`
      lines.push(`-F '${name}=${part.replace(/'/g, `'\\''`)}'`)
    }
  }
  return lines.join(' \\\n  ')
}
