import { problem } from '@apiplatform/control-routes'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type ApiError, InvalidInput } from '../domain/errors.js'

/**
 * The `{ meta, error }` response of an ApiError (a 400 with its `errors`, a 429 as
 * `application/problem+json`, as documented).
 */
export function errorResponse(c: Context, error: ApiError): Response {
  const extra = error instanceof InvalidInput ? { errors: error.errors } : undefined
  const body = problem(c.get('requestId') as string, error.status, error.type, error.detail, extra)
  if (error.status === 429) {
    return new Response(JSON.stringify(body), {
      status: 429,
      headers: { 'content-type': 'application/problem+json' },
    })
  }
  return c.json(body, error.status as ContentfulStatusCode)
}
