import type { ResponseValidator } from '../validator.js'
import type { FuzzOperation } from './operations.js'
import { type FuzzRequest, requestPath } from './request.js'
import type { Answer } from './send.js'

/**
 * Path parameter values that are dot segments, raw and percent-encoded. A router or proxy that
 * resolves them turns `/v2/scrape/../interact` into another operation (`POST /v2/interact`); no id
 * is `..`, so the only right answer is the operation's 404.
 */
export const DOT_SEGMENTS = ['..', '%2e%2e', '.', '%2E%2e']

/** Every dot segment in every path parameter of the operation, the other parameters as in `base`. */
export function dotSegmentRequests(op: FuzzOperation, base: FuzzRequest): FuzzRequest[] {
  return op.parameters
    .filter((p) => p.in === 'path')
    .flatMap((p) =>
      DOT_SEGMENTS.map((segment) => ({
        ...base,
        kind: 'dot-segment' as const,
        pathParams: { ...base.pathParams, [p.name]: segment },
        rawParams: [p.name],
        invalid: true,
      })),
    )
}

/** Unless the answer is a 404 with the operation's documented 404 body (or one of the API's error bodies). */
export function dotSegmentProblem(
  validator: ResponseValidator,
  request: FuzzRequest,
  answer: Answer,
): string | undefined {
  const sent = `${request.method} ${requestPath(request)}`
  if (answer.status !== 404)
    return `${sent} → ${answer.status} (404 expected: a dot segment names no resource and must not reach another route)`
  // The operation's own path (the values are placeholders): its documented 404 decides the body.
  const path = requestPath({
    ...request,
    pathParams: Object.fromEntries(Object.keys(request.pathParams).map((k) => [k, 'x'])),
    rawParams: [],
    query: '',
  })
  const problem = validator.check({
    method: request.method,
    path,
    status: 404,
    contentType: answer.contentType,
    body: answer.body,
  })
  if (problem && !/is not documented for/.test(problem)) return `${sent}: ${problem}`
  const format = problem ? validator.errorFormatProblem(answer.body) : undefined
  return format ? `${sent} → 404: ${format}` : undefined
}
