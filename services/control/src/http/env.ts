import type { ApiEnv, Handler, OperationId } from '@apiplatform/control-routes'
import type { Context } from 'hono'
import type { Caller } from '../access/caller.js'

/** Hono environment of the service: the routes package's variables plus the authenticated caller. */
export type ServiceEnv = ApiEnv<{ caller: Caller }>

/** The typed handler of one operation in this service. */
export type ServiceHandler<K extends OperationId> = Handler<K, ServiceEnv>

/** The caller of an authenticated operation: what a handler passes down instead of `c`. */
export const callerOf = (c: Context<ServiceEnv>): Caller => c.get('caller')
