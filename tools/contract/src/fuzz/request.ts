/** One generated request, kept structured so that a failing one can be shrunk and printed. */
export interface FuzzRequest {
  operation: string
  /** `valid` requests follow the spec; every other kind breaks it on purpose. */
  kind: RequestKind
  method: string
  /** Path template values (sent percent-encoded unless named in `rawParams`). */
  pathParams: Record<string, string>
  template: string
  /** Sent as is after the path (already encoded), e.g. `?limit=-1`. */
  query: string
  /** Path parameters sent without encoding (to send `%zz`, `%00`). */
  rawParams?: string[]
  /** `valid`: the run's credential; `null`: no Authorization header; a string: that header. */
  authorization: 'valid' | null | string
  contentType: string | null
  body: RequestBody | undefined
  /** Whether the request breaks the spec: a 2xx answer to it is a finding. */
  invalid: boolean
  /** What Ajv says is wrong with the body, when it breaks the request schema. */
  problem?: string
}

export type RequestBody =
  /** JSON text of `value`; U+E000 is sent as the invalid UTF-8 byte 0xFF, U+E001 as an encoded lone surrogate. */
  | { type: 'json'; value: unknown }
  | { type: 'text'; text: string }
  | { type: 'multipart'; boundary: string; parts: MultipartPart[] }

export interface MultipartPart {
  name: string
  filename?: string
  contentType?: string
  content: string
}

export type RequestKind =
  | 'valid'
  | 'missing-required'
  | 'wrong-type'
  | 'out-of-range'
  | 'unknown-property'
  | 'huge-value'
  | 'deep-nesting'
  | 'nul-surrogate'
  | 'invalid-utf8'
  | 'malformed-json'
  | 'wrong-content-type'
  | 'wrong-method'
  | 'path-garbage'
  | 'query-garbage'
  | 'bad-auth'
  /** Valid, with `constructor`, `__proto__`… as keys of free-form objects and JSON Schema properties. */
  | 'reserved-name'
  /** `..`, `%2e%2e`, `.` as a path parameter: the operation's 404 is expected. */
  | 'dot-segment'

import { stringifyDeep } from '../json-measure.js'

export { depthOf, stringifyDeep } from '../json-measure.js'

const INVALID_BYTE = Buffer.from('\uE000')
const SURROGATE_BYTES = Buffer.from('\uE001')

/**
 * The bytes of each body, once: a body is never changed after it is built (variants are copies),
 * and it is measured when settled, sent (20 times at once in the concurrency phase), learnt from
 * and checked for echoes; values of a megabyte or thousands of levels deep make each encoding cost.
 */
const encoded = new WeakMap<RequestBody, Buffer>()

export function encodeBody(body: RequestBody | undefined): Buffer | undefined {
  if (!body) return undefined
  let bytes = encoded.get(body)
  if (!bytes) {
    bytes = encode(body)
    encoded.set(body, bytes)
  }
  return bytes
}

function encode(body: RequestBody): Buffer {
  switch (body.type) {
    case 'text':
      return Buffer.from(body.text)
    case 'json':
      return replaceBytes(
        replaceBytes(Buffer.from(stringifyDeep(body.value)), INVALID_BYTE, Buffer.from([0xff])),
        SURROGATE_BYTES,
        Buffer.from([0xed, 0xa0, 0x80]),
      )
    case 'multipart': {
      const chunks = body.parts.map(
        (p) =>
          `--${body.boundary}\r\nContent-Disposition: form-data; name="${p.name}"${
            p.filename !== undefined ? `; filename="${p.filename}"` : ''
          }\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n${p.content}\r\n`,
      )
      return Buffer.from(`${chunks.join('')}--${body.boundary}--\r\n`)
    }
  }
}

function replaceBytes(buffer: Buffer, search: Buffer, replacement: Buffer): Buffer {
  let index = buffer.indexOf(search)
  if (index < 0) return buffer
  const parts: Buffer[] = []
  let start = 0
  while (index >= 0) {
    parts.push(buffer.subarray(start, index), replacement)
    start = index + search.length
    index = buffer.indexOf(search, start)
  }
  parts.push(buffer.subarray(start))
  return Buffer.concat(parts)
}

export function requestPath(request: FuzzRequest): string {
  const path = request.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = request.pathParams[name] ?? 'x'
    return request.rawParams?.includes(name) ? value : encodeURIComponent(value)
  })
  return `${path}${request.query}`
}
