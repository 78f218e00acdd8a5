/** One generated request, kept structured so that a failing one can be shrunk and printed. */
export interface FuzzRequest {
  operation: string
  /** `valid` requests follow the spec; every other kind breaks it on purpose. */
  kind: RequestKind
  method: string
  /** Path template values (sent percent-encoded unless `rawPath`). */
  pathParams: Record<string, string>
  template: string
  /** Sent as is after the path (already encoded), e.g. `?limit=-1`. */
  query: string
  /** Path sent without encoding the parameters (to send `%zz`, `%00`). */
  rawPath?: boolean
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

const INVALID_BYTE = Buffer.from('\uE000')
const SURROGATE_BYTES = Buffer.from('\uE001')

export function encodeBody(body: RequestBody | undefined): Buffer | undefined {
  if (!body) return undefined
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

/** JSON.stringify without the call-stack limit (values thousands of levels deep). */
export function stringifyDeep(value: unknown): string {
  if (depthOf(value, 500) < 500) return JSON.stringify(value) ?? 'null'
  const out: string[] = []
  const stack: Array<unknown> = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'object' && item !== null && (item as { __raw?: string }).__raw !== undefined) {
      out.push((item as { __raw: string }).__raw)
    } else if (Array.isArray(item)) {
      stack.push({ __raw: ']' })
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i])
        if (i > 0) stack.push({ __raw: ',' })
      }
      stack.push({ __raw: '[' })
    } else if (item && typeof item === 'object') {
      const entries = Object.entries(item)
      stack.push({ __raw: '}' })
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i] as [string, unknown]
        stack.push(v)
        stack.push({ __raw: `${JSON.stringify(k)}:` })
        if (i > 0) stack.push({ __raw: ',' })
      }
      stack.push({ __raw: '{' })
    } else {
      out.push(JSON.stringify(item) ?? 'null')
    }
  }
  return out.join('')
}

/** Nesting depth of a JSON value, counted up to `limit`. */
export function depthOf(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let level: unknown[] = [value]
  while (level.length > 0 && depth < limit) {
    const next: unknown[] = []
    for (const v of level) if (v && typeof v === 'object') next.push(...Object.values(v))
    if (next.length === 0 && !level.some((v) => v && typeof v === 'object')) break
    depth++
    level = next
  }
  return depth
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
    return request.rawPath ? value : encodeURIComponent(value)
  })
  return `${path}${request.query}`
}
