/**
 * Each operation of a bundled spec with the inputs its code samples send: the path parameters,
 * query parameters and request body of the spec's own examples (the first one of each), and the
 * credential its security requirement names.
 */
import { type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'

type Json = Record<string, unknown>

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

export interface SampleOperation {
  operationId: string
  /** Upper case. */
  method: string
  /** The spec's path template, `/v2/agent/{jobId}`. */
  path: string
  tag: string
  /** Path parameters in path order, with their example values. */
  pathParams: { name: string; value: string }[]
  /** Query parameters that have an example. */
  query: Record<string, unknown>
  body?: JsonBody | MultipartBody
  /** The security scheme the sample authenticates with (the operation's first); none for public operations. */
  scheme?: string
}

export interface JsonBody {
  kind: 'json'
  value: unknown
}

/** A `multipart/form-data` upload: one binary field (sent from a local file) and the other fields. */
export interface MultipartBody {
  kind: 'multipart'
  fileField: string
  /** The local file the samples upload. */
  fileName: string
  fileType: string
  /** The other fields; objects are sent as JSON parts. */
  fields: Record<string, unknown>
}

/** The file the upload samples send (the guide and the sample test create it). */
export const SAMPLE_UPLOAD = { fileName: 'document.pdf', fileType: 'application/pdf' }

export function sampleOperations(bundle: Json): SampleOperation[] {
  const deref = (value: unknown): Json => {
    let current = value as Json | undefined
    for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
      current = String(current.$ref)
        .replace(/^#\//, '')
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], bundle) as Json | undefined
    }
    return current ?? {}
  }
  const exampleOf = (holder: Json): unknown => {
    if ('example' in holder) return holder.example
    const examples = holder.examples as Record<string, unknown> | unknown[] | undefined
    if (Array.isArray(examples)) return examples[0]
    const first = examples && Object.values(examples)[0]
    return first === undefined ? undefined : deref(first).value
  }
  const globalSecurity = (bundle.security as Json[] | undefined) ?? []

  const out: SampleOperation[] = []
  for (const { path, method, pathItem, operation: op } of walkOperations(bundle as OpenApiDocument, {
    methods: HTTP_METHODS,
    strict: false,
  })) {
    // The path item's parameters, then the operation's, each resolved.
    const params = [
      ...((pathItem.parameters as unknown[]) ?? []),
      ...((op.parameters as unknown[]) ?? []),
    ].map(deref)
    const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) => {
      const param = params.find((p) => p.in === 'path' && p.name === name) ?? {}
      const value = exampleOf(param) ?? exampleOf(deref(param.schema))
      return { name, value: value === undefined ? `${name}_123` : String(value) }
    })
    const query: Record<string, unknown> = {}
    for (const p of params.filter((p) => p.in === 'query')) {
      const value = exampleOf(p) ?? (p.required ? exampleOf(deref(p.schema)) : undefined)
      if (value !== undefined) query[String(p.name)] = value
    }
    const security = (op.security as Json[] | undefined) ?? globalSecurity
    out.push({
      operationId: String(op.operationId ?? `${method} ${path}`),
      method: method.toUpperCase(),
      path,
      tag: String((op.tags as string[] | undefined)?.[0] ?? ''),
      pathParams,
      query,
      body: bodyOf(op.requestBody ? deref(op.requestBody) : undefined),
      scheme: security[0] ? Object.keys(security[0])[0] : undefined,
    })
  }
  return out

  function bodyOf(requestBody: Json | undefined): JsonBody | MultipartBody | undefined {
    const content = requestBody?.content as Record<string, Json> | undefined
    if (!content) return undefined
    const json = content['application/json']
    if (json) return { kind: 'json', value: exampleOf(json) ?? {} }
    const multipart = content['multipart/form-data']
    if (!multipart) return undefined
    const schema = deref(multipart.schema)
    const properties = (schema.properties ?? {}) as Record<string, unknown>
    const fileField =
      Object.keys(properties).find((k) => {
        const p = deref(properties[k])
        return p.format === 'binary' || p.contentMediaType !== undefined || p.contentEncoding !== undefined
      }) ?? 'file'
    const example = (exampleOf(multipart) ?? {}) as Json
    const fields = Object.fromEntries(Object.entries(example).filter(([k]) => k !== fileField))
    return { kind: 'multipart', fileField, ...SAMPLE_UPLOAD, fields }
  }
}

/** The concrete path of an operation with its example path parameters. */
export function concretePath(op: SampleOperation): string {
  let path = op.path
  for (const { name, value } of op.pathParams) path = path.replace(`{${name}}`, encodeURIComponent(value))
  return path
}

/** `?a=1&b=2` from the example query, or `''`. */
export function queryString(op: SampleOperation): string {
  const entries = Object.entries(op.query)
  if (!entries.length) return ''
  const params = new URLSearchParams()
  for (const [k, v] of entries) params.append(k, typeof v === 'string' ? v : JSON.stringify(v))
  return `?${params.toString()}`
}
