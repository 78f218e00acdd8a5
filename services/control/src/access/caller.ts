import type { OperationId } from '@apiplatform/control-routes'
import type { PermissionSet } from '../domain/permissions.js'
import type { PortalSessionRecord } from '../repositories/portal.js'

/**
 * Who is calling, as the edge authenticated it, and for which operation. Code below the routes
 * takes this plain value instead of the request, so it can be called (and tested) without one.
 */
export interface Caller {
  keyId: string
  workspaceId: string
  permissions: PermissionSet
  /** Authorization checks `permissions` against this operation's `x-required-permissions`. */
  operationId: OperationId
  /** For the operations secured with `portalSession`: the session (`keyId` is then its id). */
  portalSession?: PortalSessionRecord
}
