/** Environment variables; values are stored encrypted (see domain/secrets.ts). */
import type { Sql } from '@apiplatform/server-kit'
import { num } from './rows.js'

export type VariableKind = 'recoverable' | 'writeonly'

export interface VariableRecord {
  key: string
  kind: VariableKind
  valueCiphertext: string
  description: string | null
  createdAt: number
}

interface Row {
  key: string
  kind: VariableKind
  value_ciphertext: string
  description: string | null
  created_at: unknown
}

const toRecord = (r: Row): VariableRecord => ({
  key: r.key,
  kind: r.kind,
  valueCiphertext: r.value_ciphertext,
  description: r.description,
  createdAt: num(r.created_at),
})

/** Variables of an environment ordered by key, `limit` of them after `afterKey`. */
export async function listVariables(
  sql: Sql,
  environmentId: string,
  options: { afterKey?: string; limit: number },
): Promise<VariableRecord[]> {
  const rows = await sql.query<Row>(
    `SELECT key, kind, value_ciphertext, description, created_at FROM environment_variables
     WHERE environment_id = $1 AND ($2::text IS NULL OR key > $2) ORDER BY key LIMIT $3`,
    [environmentId, options.afterKey ?? null, options.limit],
  )
  return rows.map(toRecord)
}

/** Creates or overwrites a variable; `createdAt` is kept on overwrite. */
export async function upsertVariable(
  sql: Sql,
  environmentId: string,
  v: { key: string; kind: VariableKind; valueCiphertext: string; description: string | null },
  now: number,
): Promise<void> {
  await sql.query(
    `INSERT INTO environment_variables (environment_id, key, kind, value_ciphertext, description, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (environment_id, key) DO UPDATE SET kind = EXCLUDED.kind, value_ciphertext = EXCLUDED.value_ciphertext,
       description = EXCLUDED.description, updated_at = EXCLUDED.updated_at`,
    [environmentId, v.key, v.kind, v.valueCiphertext, v.description, now],
  )
}

export async function deleteVariables(
  sql: Sql,
  environmentId: string,
  keys: readonly string[],
): Promise<void> {
  await sql.query('DELETE FROM environment_variables WHERE environment_id = $1 AND key = ANY($2::text[])', [
    environmentId,
    [...keys],
  ])
}

/** Deletes every variable of the environment whose key is not in `keep`. */
export async function pruneVariables(
  sql: Sql,
  environmentId: string,
  keep: readonly string[],
): Promise<void> {
  await sql.query(
    'DELETE FROM environment_variables WHERE environment_id = $1 AND NOT (key = ANY($2::text[]))',
    [environmentId, [...keep]],
  )
}
