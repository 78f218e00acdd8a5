import type { ZodError } from 'zod'
import { describeIssues } from './generated/runtime/describe-issues.js'

/** One entry of `details` on a 400: the path of the offending value in its request part, and why. */
export interface ValidationDetail {
  /** `body`, `query`, `path` or `header`. */
  in: string
  /** Path inside that part, e.g. `['formats', 0]`. */
  path: (string | number)[]
  /** What is wrong, e.g. `Wrong type: expected number, received string "fast"`. */
  message: string
  /** `missing` for an absent required property, otherwise zod's issue code (`invalid_type`, `too_big`, `invalid_value`, `unrecognized_keys`, …). */
  code: string
  /** The expected type or format, on a wrong type or malformed value. */
  expected?: string
  /** The JSON type of the value sent, on a wrong type. */
  received?: string
  /** The allowed values, on a value outside an enum. */
  values?: unknown[]
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

/**
 * Turns a zod error of one request part (`json`, `query`, `param`, …) into `details` entries, each
 * naming its fault (missing, wrong type with `expected`/`received`, too long/short, not one of the
 * allowed `values`, unknown property, malformed). `input` is the value that was checked; without
 * it a missing property is told from zod's message only.
 */
export function validationDetails(target: string, error: ZodError, input?: unknown): ValidationDetail[] {
  const part = PART[target] ?? target
  return describeIssues(error, input).map((fault) => {
    const detail: ValidationDetail = {
      in: part,
      path: fault.path,
      message: fault.message,
      code: fault.kind === 'missing' ? 'missing' : fault.code,
    }
    if (fault.expected !== undefined) detail.expected = fault.expected
    if (fault.received !== undefined) detail.received = fault.received
    if (fault.values !== undefined) detail.values = fault.values
    return detail
  })
}
