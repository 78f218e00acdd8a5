/**
 * A failure a handler answers with. `type` is the path below `{docs}/errors/` of the problem type
 * (`application/precondition_failed`); the HTTP layer turns it into `{ meta, error }`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 401 | 403 | 404 | 409 | 410 | 412 | 422 | 429 | 500 | 503,
    readonly type: string,
    readonly detail: string,
  ) {
    super(detail)
    this.name = 'ApiError'
  }
}

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
