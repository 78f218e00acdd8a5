import type { Sql } from '@apiplatform/server-kit'
import type { ProjectRecord } from '../domain/project.js'
import { num, numOrNull, type RowLock } from './rows.js'
import { type SearchPageInput, searchPage } from './search-page.js'

interface Row {
  id: string
  workspace_id: string
  slug: string
  name: string
  created_at: unknown
  updated_at: unknown
  delete_protection: boolean
}

const toRecord = (r: Row): ProjectRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  slug: r.slug,
  name: r.name,
  createdAt: num(r.created_at),
  updatedAt: numOrNull(r.updated_at),
  deleteProtection: r.delete_protection,
})

/**
 * A project of the workspace by id or slug. A project whose deletion was accepted is not found:
 * neither it nor anything in it can be addressed any more.
 */
export async function findProject(
  sql: Sql,
  workspaceId: string,
  project: string,
  lock: RowLock = {},
): Promise<ProjectRecord | undefined> {
  const rows = await sql.query<Row>(
    `SELECT * FROM projects WHERE workspace_id = $1 AND (id = $2 OR slug = $2) AND deletion_requested_at IS NULL
     ORDER BY id = $2 DESC LIMIT 1${lock.forUpdate ? ' FOR UPDATE' : ''}`,
    [workspaceId, project],
  )
  return rows[0] && toRecord(rows[0])
}

/** The workspace's projects, searched by id, name or slug (see `searchPage`). */
export async function listProjects(sql: Sql, input: SearchPageInput): Promise<ProjectRecord[]> {
  return (await searchPage<Row>(sql, 'projects', input)).map(toRecord)
}

/** Whether a project of the workspace (being deleted or not) holds the slug. */
export async function projectSlugTaken(sql: Sql, workspaceId: string, slug: string): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM projects WHERE workspace_id = $1 AND slug = $2', [
    workspaceId,
    slug,
  ])
  return rows.length > 0
}

export async function insertProject(
  sql: Sql,
  p: Pick<ProjectRecord, 'id' | 'workspaceId' | 'slug' | 'name'> & { now: number },
): Promise<void> {
  await sql.query(
    'INSERT INTO projects (id, workspace_id, slug, name, created_at) VALUES ($1, $2, $3, $4, $5)',
    [p.id, p.workspaceId, p.slug, p.name, p.now],
  )
}

/** Applies the changes given (the others stay) and returns the project as it is then. */
export async function updateProject(
  sql: Sql,
  id: string,
  changes: { slug?: string; name?: string; deleteProtection?: boolean },
  now: number,
): Promise<ProjectRecord> {
  const rows = await sql.query<Row>(
    `UPDATE projects SET slug = COALESCE($2, slug), name = COALESCE($3, name),
       delete_protection = COALESCE($4, delete_protection), updated_at = $5
     WHERE id = $1 RETURNING *`,
    [id, changes.slug ?? null, changes.name ?? null, changes.deleteProtection ?? null, now],
  )
  return toRecord(rows[0] as Row)
}

export async function markProjectDeletionRequested(sql: Sql, id: string, now: number): Promise<void> {
  await sql.query(
    'UPDATE projects SET deletion_requested_at = COALESCE(deletion_requested_at, $2), updated_at = $2 WHERE id = $1',
    [id, now],
  )
}

/** The ids of a project's apps (deleted with it). */
export async function appIdsOfProject(sql: Sql, projectId: string): Promise<string[]> {
  const rows = await sql.query<{ id: string }>('SELECT id FROM apps WHERE project_id = $1 ORDER BY id', [
    projectId,
  ])
  return rows.map((r) => r.id)
}

/** Deletes the project row; its apps must be gone already. */
export async function deleteProjectRow(sql: Sql, projectId: string): Promise<void> {
  await sql.query('DELETE FROM projects WHERE id = $1', [projectId])
}
