import type { Context } from 'hono'
import type { ZodError } from 'zod'

/**
 * Every error the route app answers by itself, before or around the service's handlers. Each
 * API turns these into its own error format (see `RouteAppDefinition.errorResponse`).
 */
export type RouteError =
  /**
   * A request part failed its schema; `target` is hono's name of the part (`json`, `form`,
   * `query`, `param`, `header`, `cookie`), `input` the value that was checked (for
   * `describeIssues`, which tells a missing property from a wrong one by it).
   */
  | { kind: 'invalid_request'; status: 400; target: string; error: ZodError; input?: unknown }
  /** The body could not be parsed (hono's validator threw a 400: malformed JSON or form data). */
  | { kind: 'malformed_body'; status: 400; message: string }
  /**
   * The body's `Content-Type` is missing or not one the operation accepts. Answered 400: both
   * APIs document a request they cannot accept as 400, and neither documents 415.
   */
  | { kind: 'invalid_content_type'; status: 400; contentType: string | undefined }
  /** No operation is served at this path. */
  | { kind: 'route_not_found'; status: 404 }
  /** The path is an operation's, the method is not; `allowed` (also sent as `Allow`) lists the ones that are. */
  | { kind: 'method_not_allowed'; status: 405; allowed: string[] }
  /** The body is over the limit; `limit` is known when the body limit itself refused it. */
  | { kind: 'payload_too_large'; status: 413; limit?: number }
  /** The operation has no handler in this service. */
  | { kind: 'not_implemented'; status: 501; operationId: string }
  /** Another client error raised as a hono `HTTPException` (status below 500). */
  | { kind: 'http_error'; status: number; message: string }
  /** Anything else thrown: the client must learn nothing about it. */
  | { kind: 'unexpected_error'; status: 500 }

/** Answers one `RouteError` in the API's format, for the request `requestId`. */
export type ErrorResponder = (c: Context, error: RouteError, requestId: string) => Response
