import type { Sql } from '@apiplatform/server-kit'
import type { CursorKey } from '../domain/cursor.js'

/** What a searchable list operation asks its repository for (`limit` includes the look-ahead row). */
export interface SearchPageInput {
  workspaceId: string
  search?: string
  after?: CursorKey
  limit: number
}

/** The workspace-owned tables listed with a search, and the columns the search looks in. */
const SEARCHED = {
  identities: ['external_id'],
  rbac_permissions: ['name', 'slug'],
  rbac_roles: ['name'],
} as const

/**
 * One keyset page of a workspace's rows of `table`, oldest first (`created_at`, `id`), after the
 * cursor's row, whose searched columns contain `search` (case-insensitive). The table and its
 * columns come from `SEARCHED`, never from input.
 */
export function searchPage<Row>(
  sql: Sql,
  table: keyof typeof SEARCHED,
  input: SearchPageInput,
): Promise<Row[]> {
  const matches = SEARCHED[table].map((column) => `${column} ILIKE '%' || $2 || '%'`).join(' OR ')
  return sql.query<Row>(
    `SELECT * FROM ${table} WHERE workspace_id = $1
       AND ($2::text IS NULL OR ${matches})
       AND ($3::bigint IS NULL OR (created_at, id) > ($3::bigint, $4::text))
     ORDER BY created_at, id LIMIT $5`,
    [
      input.workspaceId,
      input.search ?? null,
      input.after?.createdAt ?? null,
      input.after?.id ?? '',
      input.limit,
    ],
  )
}
