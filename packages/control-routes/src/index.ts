/**
 * @apiplatform/control-routes: the @hono/zod-openapi routes of the Deployment Control API v2,
 * generated from its bundled spec, and the typed way to serve them.
 *
 * @example
 * ```ts
 * import { createApi, type Handlers } from '@apiplatform/control-routes'
 *
 * const handlers: Handlers = {
 *   liveness: (c) => c.json({ meta: { requestId: c.get('requestId') }, data: { message: 'OK' } }, 200),
 *   // … one handler per operation
 * }
 * export const app = createApi({ handlers })
 * ```
 */

export { type CreateApiOptions, createApi, DEFAULT_BODY_LIMIT } from './create-api.js'
export {
  DEFAULT_DOCS_URL,
  type ErrorBody,
  jsonPath,
  type Problem,
  problem,
  type ValidationError,
  validationErrors,
} from './errors.js'
// The generated surface (routes, handler types, operation and authorization tables, schemas, spec)
// is listed once, by the generator, in generated/index.ts.
export * from './generated/index.js'
export { newRequestId } from './generated/runtime/request-id.js'
