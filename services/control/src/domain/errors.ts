/**
 * The one error model of the service: anything that answers a client error throws an ApiError,
 * from a handler, a helper or a middleware, and `http/api-errors.ts` turns it into the
 * documented `{ meta, error }` in one place. `type` is the path below `{docs}/errors/` of the
 * problem type (`application/precondition_failed`). Every other exception is a bug: a logged 500.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 412 | 422 | 429 | 500 | 503,
    readonly type: string,
    readonly detail: string,
  ) {
    super(detail)
    this.name = 'ApiError'
  }
}

/** One problem of a 400: where (`body.name`, `query.cursor`), what, and how to fix it. */
export interface ValidationProblem {
  location: string
  message: string
  fix?: string
}

/**
 * A request that passed the schema but is still invalid (rules the schema cannot express: one
 * deployment source, duplicate names, a cursor this service did not issue): 400 with `errors`.
 */
export class InvalidInput extends ApiError {
  constructor(
    detail: string,
    readonly errors: ValidationProblem[],
  ) {
    super(400, 'request/invalid_body', detail)
    this.name = 'InvalidInput'
  }
}

/** 400 naming each problem; `detail` sums them up. */
export const invalidInput = (detail: string, ...errors: ValidationProblem[]) =>
  new InvalidInput(detail, errors)

/** 400 for one field: its message is the detail too. */
export const invalidField = (location: string, message: string, fix?: string) =>
  new InvalidInput(message, [{ location, message, ...(fix ? { fix } : {}) }])

export const unauthorized = (type: string, detail: string) =>
  new ApiError(401, `authentication/${type}`, detail)

export const forbidden = (detail: string) =>
  new ApiError(403, 'authorization/insufficient_permissions', detail)

export const notFound = (resource: string, detail: string) =>
  new ApiError(404, `data/${resource}_not_found`, detail)

export const preconditionFailed = (detail: string) =>
  new ApiError(412, 'application/precondition_failed', detail)

/** The 404 of every deployment lookup: unknown and not permitted look the same. */
export const deploymentNotFound = (id: string) =>
  notFound('deployment', `The deployment ${id} does not exist or you do not have access to it.`)
