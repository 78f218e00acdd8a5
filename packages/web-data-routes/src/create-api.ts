import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Env } from 'hono'
import { errorResponse } from './error-response.js'
import type { ApiEnv, Handlers } from './generated/handlers.js'
import { operations } from './generated/operations.js'
import { routes } from './generated/routes.js'
import { createRouteApp, type ServeOptions } from './generated/runtime/create-route-app.js'

/** Default maximum request body size: 10 MiB (file uploads to `/v2/parse` included). */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024

export interface CreateApiOptions<E extends Env = ApiEnv> extends ServeOptions<E> {
  /** The handlers, by operationId. Operations without one answer 501 (see `missingOperations`). */
  handlers: Partial<Handlers<E>>
}

/**
 * Creates the Hono app of the API: every handler registered on its generated route, request
 * validation, and errors in the API's format (`{ success: false, error, details?, code? }`) for
 * validation failures and malformed JSON (400), unknown routes (404), wrong methods (405),
 * oversized bodies (413), missing handlers (501) and unexpected exceptions (500). Every response
 * carries the request id as `X-Request-Id`.
 */
export function createApi<E extends Env = ApiEnv>(options: CreateApiOptions<E>): OpenAPIHono<E> {
  const api = {
    operations,
    routes,
    defaultBodyLimit: DEFAULT_BODY_LIMIT,
    requestIdHeader: 'X-Request-Id',
    errorResponse,
  }
  // E is given, not inferred: inferring it through the handlers' types adds about a quarter to the
  // type-check instantiations of every service (packages/control-routes bench).
  return createRouteApp<E>(api, options)
}
