import { newId, type Sql } from '@apiplatform/server-kit'
import type { AppRecord } from '../domain/app.js'
import { num, numOrNull, type RowLock } from './rows.js'
import { type SearchPageInput, searchPage } from './search-page.js'

interface Row {
  id: string
  workspace_id: string
  project_id: string
  slug: string
  name: string
  git_repository: string | null
  git_default_branch: string | null
  current_deployment_id: string | null
  is_rolled_back: boolean
  delete_protection: boolean
  created_at: unknown
  updated_at: unknown
  deletion_requested_at?: unknown
}

const toRecord = (r: Row): AppRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  projectId: r.project_id,
  slug: r.slug,
  name: r.name,
  gitRepository: r.git_repository,
  gitDefaultBranch: r.git_default_branch,
  currentDeploymentId: r.current_deployment_id,
  isRolledBack: r.is_rolled_back,
  deleteProtection: r.delete_protection,
  createdAt: num(r.created_at),
  updatedAt: numOrNull(r.updated_at),
  deletionRequestedAt: numOrNull(r.deletion_requested_at),
})

/** An app by id or slug, within a project (given by id or slug) of the workspace. */
export async function findApp(
  sql: Sql,
  workspaceId: string,
  project: string,
  app: string,
  options: RowLock = {},
): Promise<AppRecord | undefined> {
  const rows = await sql.query<Row>(
    `SELECT a.* FROM apps a JOIN projects p ON p.id = a.project_id
     WHERE a.workspace_id = $1 AND (p.id = $2 OR p.slug = $2) AND (a.id = $3 OR a.slug = $3)
       AND p.deletion_requested_at IS NULL
     ${options.forUpdate ? 'FOR UPDATE OF a' : ''}`,
    [workspaceId, project, app],
  )
  return rows[0] && toRecord(rows[0])
}

export async function findAppById(sql: Sql, id: string, options: RowLock = {}) {
  const rows = await sql.query<Row>(
    `SELECT * FROM apps WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  )
  return rows[0] && toRecord(rows[0])
}

/**
 * Points the app's live traffic at `toDeploymentId` and records the switch. `operationId` is
 * unique in the audit table, so replaying an operation's final step cannot switch twice.
 */
export async function switchTraffic(
  sql: Sql,
  input: {
    appId: string
    toDeploymentId: string
    isRolledBack?: boolean
    operationId: string | null
    reason: string
    now: number
  },
): Promise<void> {
  const before = await findAppById(sql, input.appId, { forUpdate: true })
  if (!before) throw new Error(`app ${input.appId} vanished`)
  await sql.query(
    `UPDATE apps SET current_deployment_id = $2, is_rolled_back = COALESCE($3, is_rolled_back), updated_at = $4
     WHERE id = $1`,
    [input.appId, input.toDeploymentId, input.isRolledBack ?? null, input.now],
  )
  await sql.query(
    `INSERT INTO traffic_switches (app_id, operation_id, from_deployment_id, to_deployment_id, reason, switched_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      input.appId,
      input.operationId,
      before.currentDeploymentId,
      input.toDeploymentId,
      input.reason,
      input.now,
    ],
  )
}

/** An app of the workspace by id, or by slug (within `projectId` when given). */
export async function findAppInWorkspace(
  sql: Sql,
  workspaceId: string,
  app: string,
  projectId?: string,
): Promise<AppRecord | undefined> {
  const rows = await sql.query<Row>(
    `SELECT * FROM apps WHERE workspace_id = $1 AND (id = $2 OR slug = $2) AND ($3::text IS NULL OR project_id = $3)
     ORDER BY (id = $2) DESC, created_at LIMIT 1`,
    [workspaceId, app, projectId ?? null],
  )
  return rows[0] && toRecord(rows[0])
}

/** Apps of a project (`ownerId`), oldest first, after the cursor key, optionally matching `search`. */
export async function listApps(sql: Sql, input: SearchPageInput): Promise<AppRecord[]> {
  return (await searchPage<Row>(sql, 'apps', input)).map(toRecord)
}

/**
 * Creates an app with its `production` and `preview` environments (on the default settings). Call
 * it in a transaction: an app never exists without both.
 */
export async function createAppWithEnvironments(
  sql: Sql,
  a: Pick<
    AppRecord,
    'id' | 'workspaceId' | 'projectId' | 'slug' | 'name' | 'gitRepository' | 'gitDefaultBranch'
  > & {
    now: number
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO apps (id, workspace_id, project_id, slug, name, git_repository, git_default_branch, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [a.id, a.workspaceId, a.projectId, a.slug, a.name, a.gitRepository, a.gitDefaultBranch, a.now],
  )
  for (const kind of ['production', 'preview'] as const) {
    await sql.query(
      `INSERT INTO environments (id, workspace_id, project_id, app_id, slug, kind, description, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $7)`,
      [newId('env'), a.workspaceId, a.projectId, a.id, kind, `The ${kind} environment of ${a.slug}`, a.now],
    )
  }
}

/** Whether another app of the project has this slug. */
export async function slugTaken(sql: Sql, projectId: string, slug: string, exceptAppId?: string) {
  const rows = await sql.query(
    'SELECT 1 FROM apps WHERE project_id = $1 AND slug = $2 AND ($3::text IS NULL OR id <> $3)',
    [projectId, slug, exceptAppId ?? null],
  )
  return rows.length > 0
}

/** Writes the editable fields of an app. */
export async function saveApp(sql: Sql, a: AppRecord, now: number): Promise<void> {
  await sql.query(
    `UPDATE apps SET name = $2, slug = $3, git_repository = $4, git_default_branch = $5, delete_protection = $6,
       updated_at = $7 WHERE id = $1`,
    [a.id, a.name, a.slug, a.gitRepository, a.gitDefaultBranch, a.deleteProtection, now],
  )
}

/**
 * Records that the app's deletion was requested, decided in one statement: false when it was
 * already requested (or the app is gone), so of concurrent requests exactly one is accepted.
 */
export async function markDeletionRequested(sql: Sql, appId: string, now: number): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE apps SET deletion_requested_at = $2, updated_at = $2
     WHERE id = $1 AND deletion_requested_at IS NULL RETURNING id`,
    [appId, now],
  )
  return rows.length === 1
}

/** Tables this service knows that hang off an app, in the order they can be deleted. */
const OWNED: ReadonlyArray<[table: string, where: string]> = [
  ['traffic_switches', 'app_id = $1'],
  ['deployment_steps', 'deployment_id IN (SELECT id FROM deployments WHERE app_id = $1)'],
  ['deployment_operations', 'app_id = $1'],
  ['domains', 'app_id = $1'],
  ['environment_variables', 'environment_id IN (SELECT id FROM environments WHERE app_id = $1)'],
]

/**
 * Deletes an app with everything that belongs to it, in one transaction. Rows of other tables
 * that reference the app, its environments or its deployments by a foreign key (added by other
 * parts of the service) are found in the catalog and deleted first. Runtime logs stay: they are
 * history, and have no foreign keys.
 */
export async function deleteAppCascade(sql: Sql, appId: string): Promise<boolean> {
  const app = await findAppById(sql, appId, { forUpdate: true })
  if (!app) return false
  for (const [table, where] of OWNED) await sql.query(`DELETE FROM ${table} WHERE ${where}`, [appId])
  const known = new Set(['apps', 'environments', 'deployments', ...OWNED.map(([t]) => t)])
  const refs = await sql.query<{ tbl: string; col: string; ref: string }>(
    `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col, c.confrelid::regclass::text AS ref
     FROM pg_constraint c
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1
       AND c.confrelid IN ('apps'::regclass, 'environments'::regclass, 'deployments'::regclass)`,
  )
  const scope: Record<string, string> = {
    apps: '$1',
    environments: 'SELECT id FROM environments WHERE app_id = $1',
    deployments: 'SELECT id FROM deployments WHERE app_id = $1',
  }
  for (const r of refs) {
    const bare = r.ref.replace(/^.*\./, '').replaceAll('"', '')
    if (known.has(r.tbl.replace(/^.*\./, '').replaceAll('"', ''))) continue
    const ids = scope[bare]
    if (!ids) continue
    const col = `"${r.col.replaceAll('"', '""')}"`
    await sql.query(`DELETE FROM ${r.tbl} WHERE ${col} IN (${ids})`, [appId])
  }
  await sql.query('DELETE FROM deployments WHERE app_id = $1', [appId])
  await sql.query('DELETE FROM environments WHERE app_id = $1', [appId])
  await sql.query('DELETE FROM apps WHERE id = $1', [appId])
  return true
}
