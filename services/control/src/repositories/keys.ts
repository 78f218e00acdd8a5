import { newId, type Sql, sha256 } from '@apiplatform/server-kit'
import { json, numOrNull } from './rows.js'

export interface RootKeyRecord {
  id: string
  workspaceId: string
  name: string | null
  permissions: string[]
  expiresAt: number | null
  revokedAt: number | null
}

interface Row {
  id: string
  workspace_id: string
  name: string | null
  permissions: unknown
  expires_at: unknown
  revoked_at: unknown
}

const toRecord = (r: Row): RootKeyRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  name: r.name,
  permissions: json<string[]>(r.permissions),
  expiresAt: numOrNull(r.expires_at),
  revokedAt: numOrNull(r.revoked_at),
})

/** Looks a root key up by the SHA-256 (hex) of its secret. */
export async function findRootKeyByHash(sql: Sql, hash: string): Promise<RootKeyRecord | undefined> {
  const rows = await sql.query<Row>(
    'SELECT id, workspace_id, name, permissions, expires_at, revoked_at FROM root_keys WHERE hash = $1',
    [hash],
  )
  return rows[0] && toRecord(rows[0])
}

/**
 * Stores a root key for `secret`, or updates the permissions, name and expiry of the key that
 * already has this secret (in the same workspace). Returns its id.
 */
export async function upsertRootKey(
  sql: Sql,
  input: {
    workspaceId: string
    secret: string
    name?: string
    permissions: string[]
    expiresAt?: number | null
    revokedAt?: number | null
    now: number
  },
): Promise<string> {
  const rows = await sql.query<{ id: string }>(
    `INSERT INTO root_keys (id, workspace_id, hash, start, name, permissions, expires_at, revoked_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (hash) DO UPDATE SET name = EXCLUDED.name, permissions = EXCLUDED.permissions,
       expires_at = EXCLUDED.expires_at, revoked_at = EXCLUDED.revoked_at
     WHERE root_keys.workspace_id = EXCLUDED.workspace_id
     RETURNING id`,
    [
      newId('rk'),
      input.workspaceId,
      sha256(input.secret),
      input.secret.slice(0, 6),
      input.name ?? null,
      JSON.stringify(input.permissions),
      input.expiresAt ?? null,
      input.revokedAt ?? null,
      input.now,
    ],
  )
  const id = rows[0]?.id
  if (!id) throw new Error('this root key secret already belongs to another workspace')
  return id
}
