/**
 * Permissions named by slug to be linked to a key or a role, and the one rule of every operation
 * that takes them for a slug that names no permission yet, as the real API's SDK documents it.
 */
import type { OperationId } from '@apiplatform/control-routes'
import type { Sql } from '@apiplatform/server-kit'
import { forbidden } from '../domain/errors.js'
import { ensurePermissions, findPermissionsBySlug, type PermissionRecord } from '../repositories/rbac.js'
import type { Caller } from './caller.js'

/** The root-key permission that lets an operation create the permissions it is given by slug. */
export const CREATE_PERMISSION = 'rbac.*.create_permission'

/**
 * Operations that create a missing permission for every caller they admit, because the SDK sets
 * no condition there: `keys.updateKey` ("Permission updates will auto-create any permissions that
 * don't exist in your workspace"), and `keys.createKey`, `keys.migrateKeys` and the rerolls, of
 * which it says nothing (they create them, as they always did). Every other operation creates one
 * only for a root key holding `rbac.*.create_permission`, and answers 403 otherwise:
 * `permissions.createRole` and `permissions.setRolePermissions` ("When any requested permission
 * slug does not exist, it must also have: `rbac.*.create_permission`"), `keys.addPermissions` and
 * `keys.setPermissions` ("auto created if the root key has permissions, otherwise this operation
 * will fail with a 403 error").
 */
const CREATES_FOR_EVERY_CALLER: ReadonlySet<OperationId> = new Set<OperationId>([
  'keys.createKey',
  'keys.updateKey',
  'keys.migrateKeys',
  'keys.rerollKey',
  'portal.rerollKey',
])

/** Whether the caller's operation may create the permissions it names that do not exist. */
export function mayCreatePermissions(caller: Caller): boolean {
  return CREATES_FOR_EVERY_CALLER.has(caller.operationId) || caller.permissions.has(CREATE_PERMISSION)
}

/**
 * The permissions `slugs` name in the workspace, locked for new links (see `LinkLock`), ordered by
 * slug. Missing ones are created (named after their slug) when `mayCreatePermissions`; otherwise
 * 403, naming the first missing slug, before anything is written.
 */
export async function permissionsToLink(
  caller: Caller,
  sql: Sql,
  workspaceId: string,
  slugs: readonly string[],
  now: number,
): Promise<PermissionRecord[]> {
  const found = await findPermissionsBySlug(sql, workspaceId, slugs, { forNewLinks: true })
  const known = new Set(found.map((p) => p.slug))
  const missing = slugs.find((slug) => !known.has(slug))
  if (missing === undefined) return found
  if (!mayCreatePermissions(caller)) {
    throw forbidden(
      `The root key lacks ${CREATE_PERMISSION}, needed to create the permission ${missing}, which does not exist.`,
    )
  }
  return ensurePermissions(sql, workspaceId, slugs, now)
}
