import type { ZodError } from 'zod'
import { describeIssues, type Fault } from './generated/runtime/describe-issues.js'

/** Default documentation base of problem `type` URIs. */
export const DEFAULT_DOCS_URL = 'https://docs.deploy-control.dev'

/** One validation problem of a 400 response. */
export interface ValidationError {
  /** JSON path of the offending value: `body.deploymentId`, `body.items[2].name`, `query.limit`, `body`. */
  location: string
  message: string
  fix?: string
}

/** The RFC 7807 `error` object of the API. */
export interface Problem {
  title: string
  detail: string
  status: number
  type: string
  errors?: ValidationError[]
}

/** The body of every error response: `{ meta: { requestId }, error }`. */
export interface ErrorBody {
  meta: { requestId: string }
  error: Problem
}

/** Standard titles of the statuses the API uses. */
export const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
}

/** Builds an error body. `type` is a path below `{docsUrl}/errors/` (e.g. `request/invalid_body`). */
export function problem(
  requestId: string,
  status: number,
  type: string,
  detail: string,
  options: { docsUrl?: string; errors?: ValidationError[]; title?: string } = {},
): ErrorBody {
  const error: Problem = {
    title: options.title ?? TITLES[status] ?? 'Error',
    detail,
    status,
    type: `${options.docsUrl ?? DEFAULT_DOCS_URL}/errors/${type}`,
  }
  if (options.errors) error.errors = options.errors
  return { meta: { requestId }, error }
}

const PREFIX: Record<string, string> = {
  json: 'body',
  form: 'body',
  query: 'query',
  param: 'path',
  header: 'header',
  cookie: 'cookie',
}

/** `['items', 2, 'name']` under `body` → `body.items[2].name`. */
export function jsonPath(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`
    else out += `[${JSON.stringify(String(key))}]`
  }
  return out
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`)

function fixFor(fault: Fault, field: string): string | undefined {
  const unit = fault.message.includes('characters')
    ? ' characters'
    : fault.message.includes('items')
      ? ' items'
      : ''
  switch (fault.kind) {
    case 'unknown_property':
      return `Remove ${field}: this operation does not accept it (check the spelling).`
    case 'missing':
      return `Provide ${field}, it is required.`
    case 'wrong_type':
      return fault.expected?.includes(' | ')
        ? `Send ${field} as one of: ${fault.expected.split(' | ').join(', ')}.`
        : `Send ${field} as ${article(fault.expected ?? 'value of the documented type')}.`
    case 'too_small':
      return unit ? `Send at least ${fault.minimum}${unit}.` : `Send a value of at least ${fault.minimum}.`
    case 'too_big':
      return unit ? `Send at most ${fault.maximum}${unit}.` : `Send a value of at most ${fault.maximum}.`
    case 'not_allowed':
      return fault.values
        ? `Use one of: ${fault.values.map((v) => JSON.stringify(v)).join(', ')}.`
        : undefined
    case 'invalid_format':
      return fault.expected === 'regex' ? undefined : `Send a valid ${fault.expected}.`
    default:
      return undefined
  }
}

/**
 * Turns a zod error of one request part (`json`, `query`, `param`, …) into validation errors,
 * each naming its fault (missing, wrong type, too long/short, not allowed, unknown property,
 * malformed). `input` is the value that was checked; without it a missing property is told from
 * zod's message only.
 */
export function validationErrors(target: string, error: ZodError, input?: unknown): ValidationError[] {
  const prefix = PREFIX[target] ?? target
  return describeIssues(error, input).map((fault) => {
    const location = jsonPath(prefix, fault.path)
    const entry: ValidationError = { location, message: fault.message }
    const fix = fixFor(fault, location)
    if (fix) entry.fix = fix
    return entry
  })
}
