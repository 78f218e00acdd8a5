import type { OpenApiDocument } from '@apiplatform/contract'
import { walkOperations } from '@apiplatform/openapi-toolkit'

export interface SampleRequest {
  operationId: string
  method: string
  path: string
  body?: unknown
}

type Json = Record<string, unknown>
const SAMPLE_ID = '5f0c6a1e-8d3b-4c2a-9e7f-1b2c3d4e5f60'

function deref(doc: OpenApiDocument, node: unknown): Json {
  let value = node as Json
  while (value && typeof value.$ref === 'string') {
    value = value.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (o as Json)[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Json
  }
  return value
}

function firstExample(media: Json | undefined): unknown {
  if (!media) return undefined
  if ('example' in media) return media.example
  const first = Object.values((media.examples ?? {}) as Record<string, Json>)[0]
  return first?.value
}

/**
 * A request for an operation as its documentation shows it: the first request example (the one a
 * fresh service accepts, specs/README.md) and each path parameter's example, or a UUID.
 */
export function sampleRequest(doc: OpenApiDocument, operationId: string): SampleRequest {
  const entry = walkOperations(doc, { order: 'document', strict: false }).find(
    (e) => e.operation.operationId === operationId,
  )
  if (!entry) throw new Error(`no operation ${operationId}`)
  const { path: template, method, operation: op } = entry
  // The operation's own parameters: a path item's are not read.
  const params = ((op.parameters ?? []) as unknown[]).map((p) => deref(doc, p))
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = params.find((p) => p.name === name && p.in === 'path')
    const example = param?.example ?? (param?.schema as Json | undefined)?.example
    return encodeURIComponent(String(example ?? SAMPLE_ID))
  })
  const requestBody = op.requestBody ? deref(doc, op.requestBody) : undefined
  const media = (requestBody?.content as Record<string, Json> | undefined)?.['application/json']
  return { operationId, method: method.toUpperCase(), path, body: firstExample(media) }
}
