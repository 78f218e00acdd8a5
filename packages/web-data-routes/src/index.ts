/**
 * @apiplatform/web-data-routes: the @hono/zod-openapi routes of the Web-Data API v2,
 * generated from its bundled spec, and the typed way to serve them.
 *
 * @example
 * ```ts
 * import { createApi, type Handlers } from '@apiplatform/web-data-routes'
 *
 * const handlers: Handlers = {
 *   cancelAgent: (c) => c.json({ success: true }, 200),
 *   // … one handler per operation
 * }
 * export const app = createApi({ handlers })
 * ```
 */

export { type CreateApiOptions, createApi, DEFAULT_BODY_LIMIT } from './create-api.js'
export { type ErrorBody, errorBody, type ValidationDetail, validationDetails } from './errors.js'
export { type RequiredScope, requiredScopes } from './generated/authorization.js'
export {
  type ApiEnv,
  type ApiVariables,
  type Handler,
  type Handlers,
  missingOperations,
  operationIds,
  type Routes,
} from './generated/handlers.js'
export { extensions, type OperationExtensions, operations } from './generated/operations.js'
export { type OperationId, routes } from './generated/routes.js'
export { newRequestId } from './generated/runtime/request-id.js'
export * as schemas from './generated/schemas.js'
export { type OpenApiDocument, spec } from './generated/spec.js'
