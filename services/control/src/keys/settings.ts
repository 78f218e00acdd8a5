/** Key settings checked and written by the create, update and migrate operations. */
import type { Sql } from '@apiplatform/server-kit'
import type { Caller } from '../access/caller.js'
import { permissionsToLink } from '../access/permission-slugs.js'
import { invalidField, notFound } from '../domain/errors.js'
import type { RatelimitInput } from '../repositories/identities.js'
import {
  addKeyPermissions,
  addKeyRoles,
  clearKeyPermissions,
  clearKeyRoles,
  findRoles,
} from '../repositories/rbac.js'

const MAX_LIMIT = 1_000_000
const MAX_DURATION = 2_592_000_000

/** Rate limits beyond what responses can carry (limit ≤ 1,000,000, duration ≤ 30 days) are refused. */
export function checkRatelimits(limits: readonly RatelimitInput[] | undefined, location = 'body.ratelimits') {
  limits?.forEach((l, i) => {
    if (l.limit > MAX_LIMIT) throw invalidField(`${location}[${i}].limit`, 'must be at most 1000000')
    if (l.duration > MAX_DURATION)
      throw invalidField(`${location}[${i}].duration`, 'must be at most 2592000000 (30 days)')
  })
  const names = new Set<string>()
  limits?.forEach((l, i) => {
    if (names.has(l.name)) throw invalidField(`${location}[${i}].name`, `duplicate rate limit name ${l.name}`)
    names.add(l.name)
  })
}

/** A permission slug as the spec's `Permission.slug` has it. */
const PERMISSION_SLUG = /^[a-zA-Z0-9_:\-.*]+$/

/**
 * 400 for a permission slug that the spec's `Permission.slug` refuses, where the operation's own
 * schema does not check it (`keys.createKey`, `keys.migrateKeys`, `permissions.createRole`,
 * `permissions.setRolePermissions`): the permission would be created, then listed with a slug no
 * client can read back as valid.
 */
export function checkPermissionSlugs(slugs: readonly string[] | undefined, location: string) {
  slugs?.forEach((slug, i) => {
    if (slug.length === 0 || slug.length > 128 || !PERMISSION_SLUG.test(slug)) {
      throw invalidField(`${location}[${i}]`, 'must be 1 to 128 letters, digits or the characters _ : - . *')
    }
  })
}

/**
 * Replaces a key's roles (which must exist: 404) and/or direct permissions (missing ones created
 * as `permissionsToLink` decides for the caller's operation).
 */
export async function setKeyAccess(
  caller: Caller,
  sql: Sql,
  workspaceId: string,
  keyId: string,
  access: { roles?: readonly string[]; permissions?: readonly string[] },
  now: number,
) {
  if (access.roles !== undefined) {
    const { found, missing } = await findRoles(sql, workspaceId, access.roles, { forNewLinks: true })
    if (missing.length > 0) throw notFound('role', `The role ${missing[0]} does not exist.`)
    await clearKeyRoles(sql, keyId)
    await addKeyRoles(
      sql,
      keyId,
      found.map((r) => r.id),
    )
  }
  if (access.permissions !== undefined) {
    const permissions = await permissionsToLink(caller, sql, workspaceId, access.permissions, now)
    await clearKeyPermissions(sql, keyId)
    await addKeyPermissions(
      sql,
      keyId,
      permissions.map((p) => p.id),
    )
  }
}
