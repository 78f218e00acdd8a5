import { type OperationId, requiredScopes } from '@apiplatform/web-data-routes'
import type { Principal } from '../billing/keys.js'
import { grants, type Scope } from '../billing/scopes.js'
import { ApiError, Errors } from '../errors.js'

/**
 * The scope each operation needs: the spec's `x-required-scope`, generated into the routes
 * package. Typed by the key model's `Scope`, so a scope the keys cannot hold fails the build.
 */
export const OPERATION_SCOPES: { readonly [K in OperationId]: Scope } = requiredScopes

/** 403 `Forbidden` (code `MISSING_SCOPE`, the scope in `details`) unless the key has the operation's scope. */
export function assertPermitted(principal: Principal, operation: OperationId): void {
  const scope = OPERATION_SCOPES[operation]
  if (!grants(principal.scopes, scope)) {
    throw new ApiError(403, Errors.forbidden, { code: 'MISSING_SCOPE', details: { requiredScope: scope } })
  }
}
