import type { Sql } from '@apiplatform/server-kit'
import { num, numOrNull } from './rows.js'

export interface EnvironmentRecord {
  id: string
  workspaceId: string
  projectId: string
  appId: string
  slug: string
  kind: 'production' | 'preview'
  description: string
  deleteProtection: boolean
  createdAt: number
  updatedAt: number | null
}

interface Row {
  id: string
  workspace_id: string
  project_id: string
  app_id: string
  slug: string
  kind: 'production' | 'preview'
  description: string
  delete_protection: boolean
  created_at: unknown
  updated_at: unknown
}

const toRecord = (r: Row): EnvironmentRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  projectId: r.project_id,
  appId: r.app_id,
  slug: r.slug,
  kind: r.kind,
  description: r.description,
  deleteProtection: r.delete_protection,
  createdAt: num(r.created_at),
  updatedAt: numOrNull(r.updated_at),
})

/** An environment of an app by id or slug. */
export async function findEnvironment(sql: Sql, appId: string, environment: string) {
  const rows = await sql.query<Row>(
    'SELECT * FROM environments WHERE app_id = $1 AND (id = $2 OR slug = $2)',
    [appId, environment],
  )
  return rows[0] && toRecord(rows[0])
}

/** An environment of the workspace by id. */
export async function findEnvironmentById(sql: Sql, workspaceId: string, id: string) {
  const rows = await sql.query<Row>('SELECT * FROM environments WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    id,
  ])
  return rows[0] && toRecord(rows[0])
}

export async function listEnvironments(sql: Sql, appId: string): Promise<EnvironmentRecord[]> {
  const rows = await sql.query<Row>(
    "SELECT * FROM environments WHERE app_id = $1 ORDER BY (kind = 'production') DESC, created_at, id",
    [appId],
  )
  return rows.map(toRecord)
}

/** An environment of the workspace by id, or by slug (within the given app or project). */
export async function findEnvironmentInWorkspace(
  sql: Sql,
  workspaceId: string,
  environment: string,
  scope: { appId?: string; projectId?: string } = {},
): Promise<EnvironmentRecord | undefined> {
  const rows = await sql.query<Row>(
    `SELECT * FROM environments WHERE workspace_id = $1 AND (id = $2 OR slug = $2)
       AND ($3::text IS NULL OR app_id = $3) AND ($4::text IS NULL OR project_id = $4)
     ORDER BY (id = $2) DESC, created_at LIMIT 1`,
    [workspaceId, environment, scope.appId ?? null, scope.projectId ?? null],
  )
  return rows[0] && toRecord(rows[0])
}
