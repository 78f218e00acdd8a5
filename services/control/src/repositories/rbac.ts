/** Permissions and roles of a workspace (RBAC for API keys), and their links to keys. */
import { newId, type Sql } from '@apiplatform/server-kit'
import { num } from './rows.js'
import { type SearchPageInput, searchPage } from './search-page.js'

export interface PermissionRecord {
  id: string
  name: string
  slug: string
  description: string | null
  createdAt: number
}

export interface RoleRecord {
  id: string
  name: string
  description: string | null
  createdAt: number
}

interface PermissionRow {
  id: string
  name: string
  slug: string
  description: string | null
  created_at: unknown
}
interface RoleRow {
  id: string
  name: string
  description: string | null
  created_at: unknown
}

const toPermission = (r: PermissionRow): PermissionRecord => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  description: r.description,
  createdAt: num(r.created_at),
})
const toRole = (r: RoleRow): RoleRecord => ({
  id: r.id,
  name: r.name,
  description: r.description,
  createdAt: num(r.created_at),
})

/** The API form of a permission (`description` only when set). */
export const toApiPermission = (p: PermissionRecord) => ({
  id: p.id,
  name: p.name,
  slug: p.slug,
  ...(p.description ? { description: p.description } : {}),
})

/** Inserts a permission; undefined when the slug is taken in the workspace. */
export async function insertPermission(
  sql: Sql,
  input: { workspaceId: string; name: string; slug: string; description?: string; now: number },
): Promise<string | undefined> {
  const rows = await sql.query<{ id: string }>(
    `INSERT INTO rbac_permissions (id, workspace_id, name, slug, description, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (workspace_id, slug) DO NOTHING RETURNING id`,
    [newId('perm'), input.workspaceId, input.name, input.slug, input.description ?? null, input.now],
  )
  return rows[0]?.id
}

/** A permission by id or slug. */
export async function findPermission(sql: Sql, workspaceId: string, idOrSlug: string) {
  const rows = await sql.query<PermissionRow>(
    'SELECT * FROM rbac_permissions WHERE workspace_id = $1 AND (id = $2 OR slug = $2) ORDER BY (id = $2) DESC LIMIT 1',
    [workspaceId, idOrSlug],
  )
  return rows[0] && toPermission(rows[0])
}

/**
 * `forNewLinks`: the rows found are locked against deletion until the transaction ends (KEY SHARE:
 * other linking transactions do not wait). A concurrent deletion then waits for the caller, or,
 * when it came first, the row is not found: the caller answers 404 instead of failing on the
 * foreign key of the link it inserts.
 */
export interface LinkLock {
  forNewLinks?: boolean
  /** Replacing the row's links: one writer at a time, so two replacements cannot interleave. */
  forReplacingLinks?: boolean
}
const lockClause = (options: LinkLock) =>
  options.forReplacingLinks ? ' FOR NO KEY UPDATE' : options.forNewLinks ? ' FOR KEY SHARE' : ''

/** The permissions with these slugs (those that exist). */
export async function findPermissionsBySlug(
  sql: Sql,
  workspaceId: string,
  slugs: readonly string[],
  options: LinkLock = {},
) {
  if (slugs.length === 0) return []
  const rows = await sql.query<PermissionRow>(
    `SELECT * FROM rbac_permissions WHERE workspace_id = $1 AND slug = ANY($2::text[]) ORDER BY slug${lockClause(options)}`,
    [workspaceId, [...new Set(slugs)]],
  )
  return rows.map(toPermission)
}

/**
 * The permissions these entries name, each by id or by slug (those that exist). An entry that is
 * one permission's id and another's slug names the first, as in `findPermission`.
 */
export async function findPermissionsByIdOrSlug(
  sql: Sql,
  workspaceId: string,
  idsOrSlugs: readonly string[],
) {
  if (idsOrSlugs.length === 0) return []
  const rows = await sql.query<PermissionRow>(
    `SELECT DISTINCT ON (e.v) p.* FROM unnest($2::text[]) AS e(v)
     JOIN rbac_permissions p ON p.workspace_id = $1 AND (p.id = e.v OR p.slug = e.v)
     ORDER BY e.v, (p.id = e.v) DESC`,
    [workspaceId, [...new Set(idsOrSlugs)]],
  )
  return rows.map(toPermission)
}

/**
 * The permissions with these slugs, creating the missing ones (named after their slug), locked
 * for new links (see `LinkLock`); one deleted between its insert and the lock is created again.
 */
export async function ensurePermissions(
  sql: Sql,
  workspaceId: string,
  slugs: readonly string[],
  now: number,
) {
  const unique = [...new Set(slugs)]
  for (let attempt = 0; attempt < 3; attempt++) {
    for (const slug of unique) {
      await sql.query(
        `INSERT INTO rbac_permissions (id, workspace_id, name, slug, created_at) VALUES ($1, $2, $3, $3, $4)
         ON CONFLICT (workspace_id, slug) DO NOTHING`,
        [newId('perm'), workspaceId, slug, now],
      )
    }
    const found = await findPermissionsBySlug(sql, workspaceId, unique, { forNewLinks: true })
    if (found.length === unique.length) return found
  }
  throw new Error('permissions were deleted three times while they were being linked')
}

export async function listPermissions(sql: Sql, input: SearchPageInput) {
  return (await searchPage<PermissionRow>(sql, 'rbac_permissions', input)).map(toPermission)
}

/** Decided in one statement: false when the permission was already gone (a concurrent deletion). */
export async function deletePermission(sql: Sql, workspaceId: string, id: string): Promise<boolean> {
  const rows = await sql.query(
    'DELETE FROM rbac_permissions WHERE workspace_id = $1 AND id = $2 RETURNING id',
    [workspaceId, id],
  )
  return rows.length === 1
}

/** Inserts a role; undefined when the name is taken in the workspace. */
export async function insertRole(
  sql: Sql,
  input: { workspaceId: string; name: string; description?: string; now: number },
): Promise<string | undefined> {
  const rows = await sql.query<{ id: string }>(
    `INSERT INTO rbac_roles (id, workspace_id, name, description, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (workspace_id, name) DO NOTHING RETURNING id`,
    [newId('role'), input.workspaceId, input.name, input.description ?? null, input.now],
  )
  return rows[0]?.id
}

/** A role by id or name. */
export async function findRole(sql: Sql, workspaceId: string, idOrName: string, options: LinkLock = {}) {
  const rows = await sql.query<RoleRow>(
    `SELECT * FROM rbac_roles WHERE workspace_id = $1 AND (id = $2 OR name = $2) ORDER BY (id = $2) DESC LIMIT 1${lockClause(options)}`,
    [workspaceId, idOrName],
  )
  return rows[0] && toRole(rows[0])
}

/** Roles by id or name, in the order asked; `missing` lists the names that match none. */
export async function findRoles(
  sql: Sql,
  workspaceId: string,
  idsOrNames: readonly string[],
  options: LinkLock = {},
) {
  const found: RoleRecord[] = []
  const missing: string[] = []
  for (const name of [...new Set(idsOrNames)]) {
    const role = await findRole(sql, workspaceId, name, options)
    if (role) {
      if (!found.some((r) => r.id === role.id)) found.push(role)
    } else missing.push(name)
  }
  return { found, missing }
}

export async function listRoles(sql: Sql, input: SearchPageInput) {
  return (await searchPage<RoleRow>(sql, 'rbac_roles', input)).map(toRole)
}

export async function deleteRole(sql: Sql, workspaceId: string, id: string) {
  await sql.query('DELETE FROM rbac_roles WHERE workspace_id = $1 AND id = $2', [workspaceId, id])
}

export async function rolePermissions(sql: Sql, roleId: string) {
  const rows = await sql.query<PermissionRow>(
    `SELECT p.* FROM rbac_role_permissions rp JOIN rbac_permissions p ON p.id = rp.permission_id
     WHERE rp.role_id = $1 ORDER BY p.slug`,
    [roleId],
  )
  return rows.map(toPermission)
}

export async function setRolePermissions(sql: Sql, roleId: string, permissionIds: readonly string[]) {
  await sql.query('DELETE FROM rbac_role_permissions WHERE role_id = $1', [roleId])
  for (const id of new Set(permissionIds)) {
    await sql.query('INSERT INTO rbac_role_permissions (role_id, permission_id) VALUES ($1, $2)', [
      roleId,
      id,
    ])
  }
}

/** The API form of a role, with its permissions. */
export async function toApiRole(sql: Sql, role: RoleRecord) {
  return {
    id: role.id,
    name: role.name,
    ...(role.description ? { description: role.description } : {}),
    permissions: (await rolePermissions(sql, role.id)).map(toApiPermission),
  }
}

export async function keyDirectPermissions(sql: Sql, keyId: string) {
  const rows = await sql.query<PermissionRow>(
    `SELECT p.* FROM key_permissions kp JOIN rbac_permissions p ON p.id = kp.permission_id
     WHERE kp.key_id = $1 ORDER BY p.slug`,
    [keyId],
  )
  return rows.map(toPermission)
}

export async function keyRoles(sql: Sql, keyId: string) {
  const rows = await sql.query<RoleRow>(
    `SELECT r.* FROM key_roles kr JOIN rbac_roles r ON r.id = kr.role_id WHERE kr.key_id = $1 ORDER BY r.name`,
    [keyId],
  )
  return rows.map(toRole)
}

export async function addKeyPermissions(sql: Sql, keyId: string, permissionIds: readonly string[]) {
  for (const id of new Set(permissionIds)) {
    await sql.query(
      'INSERT INTO key_permissions (key_id, permission_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [keyId, id],
    )
  }
}

export async function removeKeyPermissions(sql: Sql, keyId: string, permissionIds: readonly string[]) {
  await sql.query('DELETE FROM key_permissions WHERE key_id = $1 AND permission_id = ANY($2::text[])', [
    keyId,
    [...permissionIds],
  ])
}

export async function clearKeyPermissions(sql: Sql, keyId: string) {
  await sql.query('DELETE FROM key_permissions WHERE key_id = $1', [keyId])
}

export async function addKeyRoles(sql: Sql, keyId: string, roleIds: readonly string[]) {
  for (const id of new Set(roleIds)) {
    await sql.query('INSERT INTO key_roles (key_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      keyId,
      id,
    ])
  }
}

export async function removeKeyRoles(sql: Sql, keyId: string, roleIds: readonly string[]) {
  await sql.query('DELETE FROM key_roles WHERE key_id = $1 AND role_id = ANY($2::text[])', [
    keyId,
    [...roleIds],
  ])
}

export async function clearKeyRoles(sql: Sql, keyId: string) {
  await sql.query('DELETE FROM key_roles WHERE key_id = $1', [keyId])
}

/** Slugs a key holds directly or through its roles. */
export async function keyEffectivePermissionSlugs(sql: Sql, keyId: string): Promise<string[]> {
  const rows = await sql.query<{ slug: string }>(
    `SELECT p.slug FROM key_permissions kp JOIN rbac_permissions p ON p.id = kp.permission_id WHERE kp.key_id = $1
     UNION
     SELECT p.slug FROM key_roles kr JOIN rbac_role_permissions rp ON rp.role_id = kr.role_id
       JOIN rbac_permissions p ON p.id = rp.permission_id WHERE kr.key_id = $1
     ORDER BY slug`,
    [keyId],
  )
  return rows.map((r) => r.slug)
}
