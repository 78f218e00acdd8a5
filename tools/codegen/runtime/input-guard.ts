import type { Context } from 'hono'
import { bufferToFormData } from 'hono/utils/buffer'
import { ZodError } from 'zod'
import type { RouteError } from './route-error.js'

/**
 * Text that no operation can store or act on, refused before validation for every operation:
 *
 * - a JSON body that is not valid UTF-8 (RFC 8259 §8.1). `Request.json()` would replace each bad
 *   byte with U+FFFD and accept the result, so the body is decoded strictly here instead;
 * - the NUL character (U+0000), which PostgreSQL's `text` and `jsonb` cannot hold, and unpaired
 *   UTF-16 surrogates (`"\ud800"`), which no UTF-8 encoder can write: in a path parameter, a query
 *   parameter, a JSON string or property name, a form field or a file name. Each one found is a
 *   validation issue at its place (`body.identity`), like any other invalid field.
 *
 * - a JSON number too large for a double (`1e400`), which `JSON.parse` turns into `Infinity` and
 *   `JSON.stringify` into `null`: in a free-form value it would be stored as something else than
 *   what was sent;
 * - a JSON body nested deeper than `maxDepth` levels (objects and arrays): no operation's
 *   documented schema comes close, and a deeply nested free-form value is what a database's
 *   JSON functions handle worst. Free-form fields document their own, lower limits.
 *
 * The walk over the body is iterative, so a deeply nested document cannot overflow the stack.
 */
export async function checkRequestText(
  c: Context,
  maxDepth: number = MAX_JSON_DEPTH,
): Promise<RouteError | undefined> {
  const params = issuesIn(c.req.param() as Record<string, string>)
  if (params.length > 0) return invalid('param', params)
  const query = issuesIn(c.req.queries() as Record<string, string[]>)
  if (query.length > 0) return invalid('query', query)

  const method = c.req.method
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined
  const contentType = c.req.header('content-type') ?? ''
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (JSON_MEDIA_TYPE.test(mediaType)) return checkJsonBody(c, maxDepth)
  if (mediaType === 'multipart/form-data' || mediaType === 'application/x-www-form-urlencoded') {
    return checkFormBody(c, contentType)
  }
  return undefined
}

/** The default nesting limit of a JSON body (the API's `RouteAppDefinition.maxJsonDepth`). */
export const MAX_JSON_DEPTH = 64

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/

async function checkJsonBody(c: Context, maxDepth: number): Promise<RouteError | undefined> {
  const bytes = new Uint8Array(await c.req.arrayBuffer())
  let text: string
  try {
    text = STRICT_UTF8.decode(bytes)
  } catch {
    return {
      kind: 'malformed_body',
      status: 400,
      message: `The request body is not valid UTF-8 (first invalid byte at offset ${firstInvalidByte(bytes)}).`,
    }
  }
  // Later readers (validation, handlers) parse this text, not the raw bytes again.
  bodyCache(c).text = Promise.resolve(text)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined // validation answers malformed JSON in the API's words
  }
  const issues = issuesIn(value, maxDepth)
  return issues.length > 0 ? invalid('json', issues) : undefined
}

async function checkFormBody(c: Context, contentType: string): Promise<RouteError | undefined> {
  let form: FormData
  try {
    form = await bufferToFormData(await c.req.arrayBuffer(), contentType)
  } catch {
    return undefined // validation answers a malformed form in the API's words
  }
  bodyCache(c).formData = Promise.resolve(form)
  const issues: Issue[] = []
  for (const [name, value] of form.entries()) {
    const nameProblem = problemIn(name)
    if (nameProblem) issues.push({ path: [], message: `Property name ${nameProblem}` })
    if (typeof value === 'string') {
      const problem = problemIn(value)
      if (problem) issues.push({ path: [name], message: `Must not contain ${problem}` })
    } else {
      const problem = problemIn(value.name)
      if (problem) issues.push({ path: [name], message: `The file name must not contain ${problem}` })
    }
  }
  return issues.length > 0 ? invalid('form', issues) : undefined
}

/** hono's per-request body cache: each entry is the promise its readers (`c.req.json()`, …) await. */
const bodyCache = (c: Context) => c.req.bodyCache as Record<string, Promise<unknown>>

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

function firstInvalidByte(bytes: Uint8Array): number {
  // Binary search for the longest prefix that decodes: a prefix can only fail at its end or before.
  let low = 0
  let high = bytes.length
  const decoder = new TextDecoder('utf-8', { fatal: true })
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    try {
      decoder.decode(bytes.subarray(0, middle), { stream: true })
      decoder.decode() // reset
      low = middle
    } catch {
      high = middle - 1
    }
  }
  return low
}

interface Issue {
  path: (string | number)[]
  message: string
}

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** What is wrong with a string, in words that follow "must not contain", or `undefined`. */
function problemIn(value: string): string | undefined {
  if (value.includes('\u0000')) return 'the NUL character (U+0000)'
  const surrogate = UNPAIRED_SURROGATE.exec(value)
  if (surrogate) {
    const code = surrogate[0].charCodeAt(0).toString(16)
    return `an unpaired UTF-16 surrogate (\\u${code}); send text as valid Unicode`
  }
  return undefined
}

/** A place in a JSON value, linked to its parent so that a deep walk copies no paths. */
interface Place {
  parent: Place | undefined
  key: string | number
}

const pathOf = (place: Place | undefined): (string | number)[] => {
  const path: (string | number)[] = []
  for (let p = place; p; p = p.parent) path.unshift(p.key)
  return path
}

/**
 * Every string (and property name) of a JSON value, in document order, with what is wrong with
 * it; a value nested deeper than `maxDepth` is one issue at the place where it gets too deep.
 */
function issuesIn(root: unknown, maxDepth = Number.POSITIVE_INFINITY): Issue[] {
  const issues: Issue[] = []
  const stack: { value: unknown; place: Place | undefined; depth: number }[] = [
    { value: root, place: undefined, depth: 0 },
  ]
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const { value, place, depth } = stack.pop() as (typeof stack)[number]
    if (typeof value === 'string') {
      const problem = problemIn(value)
      if (problem) issues.push({ path: pathOf(place), message: `Must not contain ${problem}` })
      continue
    }
    if (typeof value === 'number' && !Number.isFinite(value)) {
      issues.push({ path: pathOf(place), message: 'Out of range: must be a finite number' })
      continue
    }
    if (value === null || typeof value !== 'object') continue
    if (depth >= maxDepth) {
      issues.push({
        path: pathOf(place),
        message: `Nested more than ${maxDepth} levels deep; send a flatter document`,
      })
      continue
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({ value: value[i], place: { parent: place, key: i }, depth: depth + 1 })
      }
      continue
    }
    const entries = Object.entries(value)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown]
      const problem = problemIn(key)
      if (problem)
        issues.push({ path: pathOf(place), message: `A property name must not contain ${problem}` })
      stack.push({ value: child, place: { parent: place, key }, depth: depth + 1 })
    }
  }
  return issues
}

/** Enough to name the fields without answering a megabyte of issues. */
const MAX_ISSUES = 20

function invalid(target: string, issues: Issue[]): RouteError {
  return {
    kind: 'invalid_request',
    status: 400,
    target,
    error: new ZodError(
      issues.map((issue) => ({
        code: 'custom' as const,
        path: issue.path,
        message: issue.message,
        input: undefined,
      })),
    ),
  }
}
