import type { Sql } from '@apiplatform/server-kit'
import type { CursorKey } from '../domain/cursor.js'

/** What a searchable list operation asks its repository for (`limit` includes the look-ahead row). */
export interface SearchPageInput {
  /** The id in the table's owner column (`SEARCHED`): the workspace, project or environment. */
  ownerId: string
  search?: string
  after?: CursorKey
  limit: number
}

/**
 * The tables listed with a search: the column of their owner, the columns the search looks in,
 * and which rows a list shows (`visible`; all when absent).
 */
const SEARCHED: Record<
  'identities' | 'rbac_permissions' | 'rbac_roles' | 'apps' | 'domains' | 'projects',
  { owner: string; columns: readonly string[]; visible?: string }
> = {
  identities: { owner: 'workspace_id', columns: ['external_id'] },
  rbac_permissions: { owner: 'workspace_id', columns: ['name', 'slug'] },
  rbac_roles: { owner: 'workspace_id', columns: ['name'] },
  apps: { owner: 'project_id', columns: ['name', 'slug'] },
  domains: { owner: 'environment_id', columns: ['domain'] },
  // A project whose deletion was accepted is gone for the API at once.
  projects: {
    owner: 'workspace_id',
    columns: ['id', 'name', 'slug'],
    visible: 'deletion_requested_at IS NULL',
  },
}

/**
 * One keyset page of an owner's rows of `table`, oldest first (`created_at`, `id`), after the
 * cursor's row, whose searched columns contain `search` (case-insensitive). The table and its
 * columns come from `SEARCHED`, never from input.
 */
export function searchPage<Row>(
  sql: Sql,
  table: keyof typeof SEARCHED,
  input: SearchPageInput,
): Promise<Row[]> {
  const { owner, columns, visible } = SEARCHED[table]
  const matches = columns.map((column) => `${column} ILIKE '%' || $2 || '%'`).join(' OR ')
  return sql.query<Row>(
    `SELECT * FROM ${table} WHERE ${owner} = $1${visible ? ` AND ${visible}` : ''}
       AND ($2::text IS NULL OR ${matches})
       AND ($3::bigint IS NULL OR (created_at, id) > ($3::bigint, $4::text))
     ORDER BY created_at, id LIMIT $5`,
    [input.ownerId, input.search ?? null, input.after?.createdAt ?? null, input.after?.id ?? '', input.limit],
  )
}
