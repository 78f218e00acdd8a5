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
// The generated surface (routes, handler types, operation and authorization tables, schemas, spec)
// is listed once, by the generator, in generated/index.ts.
export * from './generated/index.js'
export { newRequestId } from './generated/runtime/request-id.js'
