/** Identities (owners of keys, by externalId) and the rate limits of keys and identities. */
import { newId, type Sql } from '@apiplatform/server-kit'
import { json, num } from './rows.js'
import { type SearchPageInput, searchPage } from './search-page.js'

export interface IdentityRecord {
  id: string
  workspaceId: string
  externalId: string
  meta: Record<string, unknown> | null
  createdAt: number
}

export interface RatelimitRecord {
  id: string
  name: string
  limit: number
  duration: number
  autoApply: boolean
}

export interface RatelimitInput {
  name: string
  limit: number
  duration: number
  autoApply?: boolean
}

interface Row {
  id: string
  workspace_id: string
  external_id: string
  meta: unknown
  created_at: unknown
}

const toRecord = (r: Row): IdentityRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  externalId: r.external_id,
  meta: r.meta === null || r.meta === undefined ? null : json<Record<string, unknown>>(r.meta),
  createdAt: num(r.created_at),
})

/**
 * An identity by id or externalId. `forUpdate` locks the row until the transaction ends: a writer
 * of its rate limits then meets it deleted as a 404, not as a broken reference.
 */
export async function findIdentity(
  sql: Sql,
  workspaceId: string,
  idOrExternalId: string,
  options: { forUpdate?: boolean } = {},
) {
  const rows = await sql.query<Row>(
    `SELECT * FROM identities WHERE workspace_id = $1 AND (id = $2 OR external_id = $2)
     ORDER BY (id = $2) DESC LIMIT 1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [workspaceId, idOrExternalId],
  )
  return rows[0] && toRecord(rows[0])
}

export async function findIdentityById(sql: Sql, workspaceId: string, id: string) {
  const rows = await sql.query<Row>('SELECT * FROM identities WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    id,
  ])
  return rows[0] && toRecord(rows[0])
}

/** Inserts an identity; undefined when the externalId is taken. */
export async function insertIdentity(
  sql: Sql,
  input: { workspaceId: string; externalId: string; meta?: Record<string, unknown> | null; now: number },
): Promise<string | undefined> {
  const rows = await sql.query<{ id: string }>(
    `INSERT INTO identities (id, workspace_id, external_id, meta, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (workspace_id, external_id) DO NOTHING RETURNING id`,
    [
      newId('id'),
      input.workspaceId,
      input.externalId,
      input.meta ? JSON.stringify(input.meta) : null,
      input.now,
    ],
  )
  return rows[0]?.id
}

/**
 * The id of the identity `externalId`, created when missing (concurrent callers get the same one).
 * An existing one is locked against deletion (`FOR KEY SHARE`) until the transaction ends, so the
 * key that will point at it cannot lose it meanwhile; one deleted between the insert and that lock
 * is created again.
 */
export async function ensureIdentity(sql: Sql, workspaceId: string, externalId: string, now: number) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await insertIdentity(sql, { workspaceId, externalId, now })
    if (created) return created
    const rows = await sql.query<{ id: string }>(
      'SELECT id FROM identities WHERE workspace_id = $1 AND external_id = $2 FOR KEY SHARE',
      [workspaceId, externalId],
    )
    if (rows[0]) return rows[0].id
  }
  throw new Error(`identity ${externalId} was deleted three times while a key was being linked to it`)
}

export async function updateIdentityMeta(sql: Sql, id: string, meta: Record<string, unknown> | null) {
  await sql.query('UPDATE identities SET meta = $2 WHERE id = $1', [id, meta ? JSON.stringify(meta) : null])
}

/** Decided in one statement: false when the identity was already gone (a concurrent deletion). */
export async function deleteIdentity(sql: Sql, workspaceId: string, id: string): Promise<boolean> {
  const rows = await sql.query('DELETE FROM identities WHERE workspace_id = $1 AND id = $2 RETURNING id', [
    workspaceId,
    id,
  ])
  return rows.length === 1
}

export async function listIdentities(sql: Sql, input: SearchPageInput) {
  return (await searchPage<Row>(sql, 'identities', input)).map(toRecord)
}

interface RatelimitRow {
  id: string
  name: string
  limit: unknown
  duration: unknown
  auto_apply: boolean
}
const toRatelimit = (r: RatelimitRow): RatelimitRecord => ({
  id: r.id,
  name: r.name,
  limit: num(r.limit),
  duration: num(r.duration),
  autoApply: r.auto_apply,
})

export type RatelimitOwner = { keyId: string } | { identityId: string }

export async function ratelimitsOf(sql: Sql, owner: RatelimitOwner): Promise<RatelimitRecord[]> {
  const rows = await sql.query<RatelimitRow>(
    'keyId' in owner
      ? 'SELECT * FROM key_ratelimits WHERE key_id = $1 ORDER BY name, id'
      : 'SELECT * FROM key_ratelimits WHERE identity_id = $1 ORDER BY name, id',
    ['keyId' in owner ? owner.keyId : owner.identityId],
  )
  return rows.map(toRatelimit)
}

/** Replaces the rate limits of a key or an identity. */
export async function replaceRatelimits(
  sql: Sql,
  workspaceId: string,
  owner: RatelimitOwner,
  limits: readonly RatelimitInput[],
) {
  const keyId = 'keyId' in owner ? owner.keyId : null
  const identityId = 'identityId' in owner ? owner.identityId : null
  await sql.query(
    keyId
      ? 'DELETE FROM key_ratelimits WHERE key_id = $1'
      : 'DELETE FROM key_ratelimits WHERE identity_id = $1',
    [keyId ?? identityId],
  )
  for (const l of limits) {
    await sql.query(
      `INSERT INTO key_ratelimits (id, workspace_id, key_id, identity_id, name, "limit", duration, auto_apply)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [newId('rl'), workspaceId, keyId, identityId, l.name, l.limit, l.duration, l.autoApply ?? false],
    )
  }
}

/** The API form of an identity, with its rate limits. */
export async function toApiIdentity(sql: Sql, identity: IdentityRecord) {
  return {
    id: identity.id,
    externalId: identity.externalId,
    ...(identity.meta ? { meta: identity.meta } : {}),
    ratelimits: await ratelimitsOf(sql, { identityId: identity.id }),
  }
}
