import { problem } from '@apiplatform/control-routes'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ApiError } from '../domain/errors.js'

/** The `{ meta, error }` response of an ApiError (429 as `application/problem+json`, as documented). */
export function errorResponse(c: Context, error: ApiError): Response {
  const body = problem(c.get('requestId') as string, error.status, error.type, error.detail)
  if (error.status === 429) {
    return new Response(JSON.stringify(body), {
      status: 429,
      headers: { 'content-type': 'application/problem+json' },
    })
  }
  return c.json(body, error.status as ContentfulStatusCode)
}

/**
 * Wraps a handler so that the ApiErrors it throws (404, 412, …) become problem responses; any
 * other exception goes on to the API's 500 handler.
 */
export function handle<H extends (c: never, next: never) => unknown>(fn: H): H {
  return (async (c: Context, next: () => Promise<void>) => {
    try {
      return await (fn as unknown as (c: Context, next: () => Promise<void>) => Promise<unknown>)(c, next)
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(c, error)
      throw error
    }
  }) as unknown as H
}
