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
 * How an override identifier matches, as SQL over `ratelimit_overrides` with the checked
 * identifier as `$2` (used by `applicableOverride` and by the decision statement in engine.ts):
 * exactly, or, when it holds a `*`, as a pattern in which every `*` stands for any run of
 * characters (none included) and everything else is literal: LIKE's own `\`, `%` and `_` are
 * escaped before each `*` becomes `%`. `matchOverride` is the same rule in memory.
 */
export const OVERRIDE_MATCHES = `(identifier = $2 OR (strpos(identifier, '*') > 0 AND $2 LIKE
  replace(replace(replace(replace(identifier, '\\', '\\\\'), '%', '\\%'), '_', '\\_'), '*', '%') ESCAPE '\\'))`

/**
 * Which matching override applies (ORDER BY, then LIMIT 1): the exact identifier, else the
 * longest pattern (in characters), else the first by code point (`COLLATE "C"`, byte order of
 * UTF-8). `comparePatterns` is the same order in memory.
 */
export const OVERRIDE_PRECEDENCE = 'identifier = $2 DESC, length(identifier) DESC, identifier COLLATE "C"'

/** The override that applies to an identifier (the rule of the decision statement in engine.ts). */
export async function applicableOverride(
  sql: Sql,
  namespaceId: string,
  identifier: string,
): Promise<Override | undefined> {
  const rows = await sql.query<Row>(
    `SELECT id, identifier, "limit", duration FROM ratelimit_overrides
     WHERE namespace_id = $1 AND ${OVERRIDE_MATCHES}
     ORDER BY ${OVERRIDE_PRECEDENCE}
     LIMIT 1`,
    [namespaceId, identifier],
  )
  return rows[0] && toOverride(rows[0])
}

/** An override whose identifier holds a `*`, compiled to a matcher. */
export interface OverridePattern {
  override: Override
  /** Length of the identifier in characters (code points), as PostgreSQL's `length` counts. */
  length: number
  matches: (identifier: string) => boolean
}

/**
 * A namespace's overrides held in memory, so that a new identifier costs no query: every
 * identifier by name (one Map lookup), and the `*` patterns in order of precedence, tried only
 * when no identifier is equal.
 */
export interface OverrideTable {
  exact: Map<string, Override>
  patterns: OverridePattern[]
}

/**
 * A matcher of a `*` pattern: the text before the first `*` must start the identifier, the text
 * after the last one must end it, and the pieces between must follow in order without overlap
 * (the leftmost occurrence of each is the best choice, so no backtracking). Linear in the
 * identifier for a given pattern; a RegExp of `.*` runs would backtrack polynomially instead.
 */
export function compilePattern(pattern: string): (identifier: string) => boolean {
  const pieces = pattern.split('*')
  if (pieces.length === 1) return (identifier) => identifier === pattern
  const head = pieces[0] ?? ''
  const tail = pieces[pieces.length - 1] ?? ''
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '')
  const fixed = head.length + tail.length
  return (identifier) => {
    if (identifier.length < fixed || !identifier.startsWith(head) || !identifier.endsWith(tail)) return false
    const end = identifier.length - tail.length
    let at = head.length
    for (const piece of middle) {
      const found = identifier.indexOf(piece, at)
      if (found < 0 || found + piece.length > end) return false
      at = found + piece.length
    }
    return true
  }
}

/** The order of `OVERRIDE_PRECEDENCE` among patterns: longest first, then by code point. */
export function comparePatterns(a: OverridePattern, b: OverridePattern): number {
  return (
    b.length - a.length ||
    Buffer.compare(Buffer.from(a.override.identifier), Buffer.from(b.override.identifier))
  )
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
  const patterns: OverridePattern[] = []
  for (const row of rows) {
    const override = toOverride(row)
    exact.set(override.identifier, override)
    if (override.identifier.includes('*'))
      patterns.push({
        override,
        length: [...override.identifier].length,
        matches: compilePattern(override.identifier),
      })
  }
  patterns.sort(comparePatterns)
  return { exact, patterns }
}

/** The rule of `applicableOverride`, in memory: the exact one, else the first matching pattern. */
export function matchOverride(table: OverrideTable, identifier: string): Override | undefined {
  const exact = table.exact.get(identifier)
  if (exact) return exact
  for (const pattern of table.patterns) if (pattern.matches(identifier)) return pattern.override
  return undefined
}
