import type { RouteHandler } from '@hono/zod-openapi'
import type { Env } from 'hono'
import { type OperationId, routes } from './generated/routes.js'

/** Variables that `createApi` sets on every request's context (`c.get('requestId')`). */
export interface ApiVariables {
  /** The id of this request (`X-Request-Id` response header; quoted in 500 bodies). */
  requestId: string
  /** The operation being served (set before the auth middleware runs). */
  operationId: OperationId
}

/** The default Hono environment of the API. Extend it with your own variables (e.g. the caller). */
export type ApiEnv<Variables extends object = object> = { Variables: ApiVariables & Variables }

/** Every route of the API, by operationId. */
export type Routes = typeof routes

/**
 * The handler of one operation: it receives the validated request (`c.req.valid('json')`, …)
 * and may only answer with a documented status and its documented body (`c.json(body, status)`).
 */
export type Handler<K extends OperationId, E extends Env = ApiEnv> = RouteHandler<Routes[K], E>

/**
 * One handler per operation of the spec. A service that passes a full `Handlers` object does
 * not compile when it misses an operation or answers one with an undocumented status or body.
 */
export type Handlers<E extends Env = ApiEnv> = { [K in OperationId]: Handler<K, E> }

/** The operationIds of the spec, in spec order. */
export const operationIds = Object.keys(routes) as OperationId[]

/** The operations of the spec that have no handler in `handlers` (empty when complete). */
export function missingOperations<E extends Env>(handlers: Partial<Handlers<E>>): OperationId[] {
  return operationIds.filter((id) => typeof handlers[id] !== 'function')
}
