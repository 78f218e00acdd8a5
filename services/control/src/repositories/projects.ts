import type { Sql } from '@apiplatform/server-kit'

export interface ProjectRecord {
  id: string
  workspaceId: string
  slug: string
  name: string
}

/** A project of the workspace by id or slug. */
export async function findProject(
  sql: Sql,
  workspaceId: string,
  project: string,
): Promise<ProjectRecord | undefined> {
  const rows = await sql.query<{ id: string; workspace_id: string; slug: string; name: string }>(
    'SELECT id, workspace_id, slug, name FROM projects WHERE workspace_id = $1 AND (id = $2 OR slug = $2)',
    [workspaceId, project],
  )
  const r = rows[0]
  return r && { id: r.id, workspaceId: r.workspace_id, slug: r.slug, name: r.name }
}
