import type { ZodError } from 'zod'

/** One entry of `details` on a 400: the path of the offending value in its request part, and why. */
export interface ValidationDetail {
  /** `body`, `query`, `path` or `header`. */
  in: string
  /** Path inside that part, e.g. `['formats', 0]`. */
  path: (string | number)[]
  message: string
  code: string
}

/** The body of every error response of the web-data API. */
export interface ErrorBody {
  success: false
  error: string
  details?: unknown
  code?: string
}

/** Builds an error body. */
export function errorBody(error: string, extra: { details?: unknown; code?: string } = {}): ErrorBody {
  const body: ErrorBody = { success: false, error }
  if (extra.details !== undefined) body.details = extra.details
  if (extra.code !== undefined) body.code = extra.code
  return body
}

const PART: Record<string, string> = {
  json: 'body',
  form: 'body',
  query: 'query',
  param: 'path',
  header: 'header',
}

/** Turns a zod error of one request part (`json`, `query`, `param`, …) into `details` entries. */
export function validationDetails(target: string, error: ZodError): ValidationDetail[] {
  const part = PART[target] ?? target
  const out: ValidationDetail[] = []
  for (const issue of error.issues) {
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol')
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({
          in: part,
          path: [...path, key],
          message: `Unrecognized key: ${JSON.stringify(key)}`,
          code: issue.code,
        })
      }
      continue
    }
    const message = issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : issue.message
    out.push({ in: part, path, message, code: issue.code })
  }
  return out
}
