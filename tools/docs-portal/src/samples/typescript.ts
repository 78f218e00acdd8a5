/**
 * TypeScript samples: our clients (`@apiplatform/control-client`, `@apiplatform/web-data-client`)
 * and the official SDKs of the real APIs (`@unkey/api`, `@mendable/firecrawl-js`), each pointed at
 * the local stand-in. A sample is a whole ES module: imports, client, one call, the result logged.
 */
import type { ApiDocsSettings } from '../apis.ts'
import { firecrawlCall } from './firecrawl.ts'
import type { SdkMethod } from './installed.ts'
import { literal, quote } from './literal.ts'
import type { MultipartBody, SampleOperation } from './operations.ts'

interface Program {
  imports: string[]
  /** `const x = …` of the client. */
  client: string
  /** Statements before the call (reading the upload, …). */
  before?: string[]
  call: string
}

function program(p: Program): string {
  const before = p.before?.length ? `${p.before.join('\n')}\n` : ''
  return `${p.imports.join('\n')}\n\n${p.client}\n\n${before}const result = await ${p.call}\nconsole.log(result)\n`
}

/** `process.env.VAR!` of the credential the operation authenticates with (the API's first one for public operations). */
function credential(op: SampleOperation, api: ApiDocsSettings): string {
  const variable = (op.scheme && api.credentials[op.scheme]) || Object.values(api.credentials)[0]
  return `process.env.${variable}!`
}

/** `name(arg, arg)`, one argument per line when they do not fit on one. */
function invocation(callee: string, args: string[]): string {
  const flat = `${callee}(${args.join(', ')})`
  if (!flat.includes('\n') && flat.length <= 90) return flat
  if (args.length === 1) return `${callee}(${args[0]})`
  return `${callee}(\n${args.map((a) => `  ${a.replace(/\n/g, '\n  ')},`).join('\n')}\n)`
}

const READ_FILE = "import { readFile } from 'node:fs/promises'"
const OPEN_AS_BLOB = "import { openAsBlob } from 'node:fs'"

/** Statements that build the FormData of an upload, as `form`. */
function formData(body: MultipartBody): string[] {
  return [
    'const form = new FormData()',
    `form.append(${quote(body.fileField)}, await openAsBlob(${quote(body.fileName)}, { type: ${quote(body.fileType)} }), ${quote(body.fileName)})`,
    ...Object.entries(body.fields).map(([name, value]) =>
      typeof value === 'string'
        ? `form.append(${quote(name)}, ${quote(value)})`
        : `form.append(${quote(name)}, JSON.stringify(${literal(value)}))`,
    ),
  ]
}

export function controlClientSample(op: SampleOperation, api: ApiDocsSettings): string {
  const body = op.body?.kind === 'json' ? [literal(op.body.value)] : []
  return program({
    imports: ["import { createControlClient } from '@apiplatform/control-client'"],
    client: `const control = createControlClient({\n  baseUrl: ${quote(api.localUrl)},\n  rootKey: ${credential(op, api)},\n})`,
    call: invocation(`control.${op.operationId}`, body),
  })
}

/** `facadeName` is the operation's place on the client (`agent.get`), from the client's `FacadeNames`. */
export function webDataClientSample(op: SampleOperation, api: ApiDocsSettings, facadeName: string): string {
  const args = op.pathParams.map((p) => quote(p.value))
  const before: string[] = []
  const imports = ["import { createWebDataClient } from '@apiplatform/web-data-client'"]
  if (op.body?.kind === 'json') args.push(literal(op.body.value))
  else if (op.body?.kind === 'multipart') {
    imports.unshift(OPEN_AS_BLOB)
    before.push(...formData(op.body))
    args.push('form')
  } else if (Object.keys(op.query).length) args.push(literal(op.query))
  return program({
    imports,
    client: `const web = createWebDataClient({\n  baseUrl: ${quote(api.localUrl)},\n  apiKey: ${credential(op, api)},\n})`,
    before,
    call: invocation(`web.${facadeName}`, args),
  })
}

/** The `@unkey/api` call of a control operation (`method` read from the installed SDK). */
export function unkeySample(op: SampleOperation, api: ApiDocsSettings, method: SdkMethod): string {
  const args: string[] = []
  for (const parameter of method.parameters) {
    if (parameter === 'security' && op.scheme)
      args.push(`{ ${op.scheme}: process.env.${api.credentials[op.scheme]}! }`)
    else if (parameter === 'request') args.push(literal(op.body?.kind === 'json' ? op.body.value : {}))
  }
  const options = [`serverURL: ${quote(api.localUrl)}`]
  if (!method.parameters.includes('security') && op.scheme) options.push(`rootKey: ${credential(op, api)}`)
  return program({
    imports: ["import { Unkey } from '@unkey/api'"],
    client: `const unkey = new Unkey({\n${options.map((o) => `  ${o},`).join('\n')}\n})`,
    call: invocation(`unkey.${method.namespace}.${method.method}`, args),
  })
}

/** The `@mendable/firecrawl-js` call of a web-data operation, or undefined when the SDK has none. */
export function firecrawlSample(op: SampleOperation, api: ApiDocsSettings): string | undefined {
  const call = firecrawlCall(op)
  if (!call) return undefined
  return program({
    imports: [...(call.readsFile ? [READ_FILE] : []), "import Firecrawl from '@mendable/firecrawl-js'"],
    client: `const firecrawl = new Firecrawl({\n  apiUrl: ${quote(api.localUrl)},\n  apiKey: ${credential(op, api)},\n})`,
    call: invocation(`firecrawl.${call.method}`, call.args),
  })
}
