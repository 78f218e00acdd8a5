import type { ZodError } from 'zod'

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

type Issue = ZodError['issues'][number]

function fixFor(issue: Issue, field: string): string | undefined {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `Remove ${field}: this operation does not accept it (check the spelling).`
    case 'invalid_type':
      return issue.input === undefined
        ? `Provide ${field}, it is required.`
        : `Send ${field} as ${issue.expected === 'int' ? 'an integer' : `a ${issue.expected}`}.`
    case 'too_small':
      return issue.origin === 'string'
        ? `Send at least ${issue.minimum} characters.`
        : issue.origin === 'array'
          ? `Send at least ${issue.minimum} items.`
          : `Send a value of at least ${issue.minimum}.`
    case 'too_big':
      return issue.origin === 'string'
        ? `Send at most ${issue.maximum} characters.`
        : issue.origin === 'array'
          ? `Send at most ${issue.maximum} items.`
          : `Send a value of at most ${issue.maximum}.`
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue
        ? `Match the pattern ${String(issue.pattern)}.`
        : `Send a valid ${issue.format}.`
    case 'invalid_value':
      return `Use one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`
    default:
      return undefined
  }
}

/** Turns a zod error of one request part (`json`, `query`, `param`, …) into validation errors. */
export function validationErrors(target: string, error: ZodError): ValidationError[] {
  const prefix = PREFIX[target] ?? target
  const out: ValidationError[] = []
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const location = jsonPath(prefix, [...issue.path, key])
        out.push({
          location,
          message: `Unknown property ${JSON.stringify(key)}`,
          fix: fixFor(issue, location) as string,
        })
      }
      continue
    }
    const location = jsonPath(prefix, issue.path)
    const message =
      issue.code === 'invalid_type' && issue.input === undefined
        ? 'Required property is missing'
        : issue.message
    const entry: ValidationError = { location, message }
    const fix = fixFor(issue, location)
    if (fix) entry.fix = fix
    out.push(entry)
  }
  return out
}
