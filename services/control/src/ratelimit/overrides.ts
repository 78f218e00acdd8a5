import { newId, type Sql } from '@apiplatform/server-kit'
import { num } from '../repositories/rows.js'

export interface Override {
  overrideId: string
  identifier: string
  limit: number
  duration: number
}

interface Row {
  id: string
  identifier: string
  limit: unknown
  duration: unknown
}

const toOverride = (r: Row): Override => ({
  overrideId: r.id,
  identifier: r.identifier,
  limit: num(r.limit),
  duration: num(r.duration),
})

/** Sets (or replaces, keeping its id) the override of an identifier; returns its id. */
export async function upsertOverride(
  sql: Sql,
  input: {
    workspaceId: string
    namespaceId: string
    identifier: string
    limit: number
    duration: number
    now: number
  },
): Promise<string> {
  const rows = await sql.query<{ id: string }>(
    `INSERT INTO ratelimit_overrides (id, workspace_id, namespace_id, identifier, "limit", duration, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (namespace_id, identifier) DO UPDATE
       SET "limit" = EXCLUDED."limit", duration = EXCLUDED.duration, updated_at = EXCLUDED.updated_at
     RETURNING id`,
    [
      newId('rlo'),
      input.workspaceId,
      input.namespaceId,
      input.identifier,
      input.limit,
      input.duration,
      input.now,
    ],
  )
  const id = rows[0]?.id
  if (!id) throw new Error('override upsert returned no id')
  return id
}

/** The override stored for exactly this identifier (a `*` pattern is named as written). */
export async function findOverride(sql: Sql, namespaceId: string, identifier: string) {
  const rows = await sql.query<Row>(
    'SELECT id, identifier, "limit", duration FROM ratelimit_overrides WHERE namespace_id = $1 AND identifier = $2',
    [namespaceId, identifier],
  )
  return rows[0] && toOverride(rows[0])
}

export async function deleteOverride(sql: Sql, namespaceId: string, identifier: string): Promise<boolean> {
  const rows = await sql.query(
    'DELETE FROM ratelimit_overrides WHERE namespace_id = $1 AND identifier = $2 RETURNING id',
    [namespaceId, identifier],
  )
  return rows.length > 0
}

/** One page of a namespace's overrides in id order, after the id `after`. */
export async function listOverrides(sql: Sql, namespaceId: string, after: string | undefined, limit: number) {
  const rows = await sql.query<Row>(
    `SELECT id, identifier, "limit", duration FROM ratelimit_overrides
     WHERE namespace_id = $1 AND ($2::text IS NULL OR id > $2) ORDER BY id LIMIT $3`,
    [namespaceId, after ?? null, limit],
  )
  return rows.map(toOverride)
}

/**
 * The override that applies to an identifier: the exact one, else the longest `prefix*` pattern
 * that matches (the rule of the decision statement in engine.ts).
 */
export async function applicableOverride(
  sql: Sql,
  namespaceId: string,
  identifier: string,
): Promise<Override | undefined> {
  const rows = await sql.query<Row>(
    `SELECT id, identifier, "limit", duration FROM ratelimit_overrides
     WHERE namespace_id = $1
       AND (identifier = $2 OR (right(identifier, 1) = '*' AND starts_with($2, left(identifier, -1))))
     ORDER BY identifier = $2 DESC, length(identifier) DESC
     LIMIT 1`,
    [namespaceId, identifier],
  )
  return rows[0] && toOverride(rows[0])
}

/**
 * A namespace's overrides held in memory, so that a new identifier costs no query: exact
 * identifiers by name, `prefix*` patterns longest first.
 */
export interface OverrideTable {
  exact: Map<string, Override>
  patterns: Override[]
}

/** Most overrides a namespace may have to be held as a table; past it each identifier is looked up. */
export const OVERRIDE_TABLE_MAX = 1000

/** Every override of the namespace as a table, or `undefined` when it has more than `max`. */
export async function loadOverrideTable(
  sql: Sql,
  namespaceId: string,
  max = OVERRIDE_TABLE_MAX,
): Promise<OverrideTable | undefined> {
  const rows = await sql.query<Row>(
    'SELECT id, identifier, "limit", duration FROM ratelimit_overrides WHERE namespace_id = $1 LIMIT $2',
    [namespaceId, max + 1],
  )
  if (rows.length > max) return undefined
  const exact = new Map<string, Override>()
  const patterns: Override[] = []
  for (const row of rows) {
    const override = toOverride(row)
    exact.set(override.identifier, override)
    if (override.identifier.endsWith('*')) patterns.push(override)
  }
  patterns.sort((a, b) => b.identifier.length - a.identifier.length)
  return { exact, patterns }
}

/** The rule of `applicableOverride`, in memory: the exact one, else the longest matching pattern. */
export function matchOverride(table: OverrideTable, identifier: string): Override | undefined {
  const exact = table.exact.get(identifier)
  if (exact) return exact
  for (const pattern of table.patterns)
    if (identifier.startsWith(pattern.identifier.slice(0, -1))) return pattern
  return undefined
}
