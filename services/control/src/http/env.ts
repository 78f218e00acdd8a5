import type { ApiEnv, Handler, OperationId } from '@apiplatform/control-routes'
import type { PermissionSet } from '../domain/permissions.js'
import type { PortalSessionRecord } from '../repositories/portal.js'

/** The authenticated caller of a request. */
export interface Caller {
  keyId: string
  workspaceId: string
  permissions: PermissionSet
}

/**
 * Hono environment of the service: the routes package's variables plus the caller, and for the
 * operations secured with `portalSession`, the portal session (`caller.keyId` is then its id).
 */
export type ServiceEnv = ApiEnv<{ caller: Caller; portalSession: PortalSessionRecord }>

/** The typed handler of one operation in this service. */
export type ServiceHandler<K extends OperationId> = Handler<K, ServiceEnv>
