import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Env } from 'hono'
import { DEFAULT_DOCS_URL } from './errors.js'
import type { ApiEnv, Handlers } from './generated/handlers.js'
import { operations } from './generated/operations.js'
import { routes } from './generated/routes.js'
import { createRouteApp, type ServeOptions } from './generated/runtime/create-route-app.js'
import { problemResponse } from './problem-response.js'

/** Default maximum request body size: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024

export interface CreateApiOptions<E extends Env = ApiEnv> extends ServeOptions<E> {
  /** The handlers, by operationId. Operations without one answer 501 (see `missingOperations`). */
  handlers: Partial<Handlers<E>>
  /** Base URL of the error documentation used in problem `type`s. Default `https://docs.deploy-control.dev`. */
  docsUrl?: string
}

/**
 * Creates the Hono app of the API: every handler registered on its generated route, request
 * validation, and errors in the API's problem-details format (`{ meta: { requestId }, error }`)
 * for validation failures, malformed JSON, unknown routes (404), wrong methods (405),
 * oversized bodies (413), missing handlers (501) and unexpected exceptions (500).
 */
export function createApi<E extends Env = ApiEnv>(options: CreateApiOptions<E>): OpenAPIHono<E> {
  const api = {
    operations,
    routes,
    defaultBodyLimit: DEFAULT_BODY_LIMIT,
    errorResponse: problemResponse(options.docsUrl ?? DEFAULT_DOCS_URL),
  }
  // E is given, not inferred: inferring it through the handlers' types adds about a quarter to the
  // type-check instantiations of every service (packages/control-routes bench).
  return createRouteApp<E>(api, options)
}
