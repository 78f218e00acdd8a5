import type { Sql } from '@apiplatform/server-kit'
import type { EnvironmentRecord } from '../domain/app.js'
import {
  type EnvironmentBuild,
  type EnvironmentRegion,
  type EnvironmentRuntime,
  type EnvironmentSettings,
  settingsOf,
} from '../domain/environment-settings.js'
import { json, num, numOrNull } from './rows.js'

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
  build?: unknown
  runtime?: unknown
  regions?: unknown
}

const jsonOrNull = <T>(value: unknown): T | null =>
  value === null || value === undefined ? null : json<T>(value)

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
  settings: settingsOf({
    build: jsonOrNull<EnvironmentBuild>(r.build),
    runtime: jsonOrNull<EnvironmentRuntime>(r.runtime),
    regions: jsonOrNull<EnvironmentRegion[]>(r.regions),
  }),
})

/** An environment of an app by id or slug. */
export async function findEnvironment(sql: Sql, appId: string, environment: string) {
  const rows = await sql.query<Row>(
    'SELECT * FROM environments WHERE app_id = $1 AND (id = $2 OR slug = $2)',
    [appId, environment],
  )
  return rows[0] && toRecord(rows[0])
}

/**
 * Locks the environment against deletion until the transaction ends (`FOR KEY SHARE`), so rows
 * written under it never point at an environment an app deletion removed meanwhile. False when it
 * is already gone.
 */
export async function lockEnvironmentForChildren(sql: Sql, environmentId: string): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM environments WHERE id = $1 FOR KEY SHARE', [environmentId])
  return rows.length > 0
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

/** Stores the whole settings of an environment. */
export async function saveEnvironmentSettings(
  sql: Sql,
  id: string,
  settings: EnvironmentSettings,
  now: number,
): Promise<void> {
  await sql.query(
    'UPDATE environments SET build = $2, runtime = $3, regions = $4, updated_at = $5 WHERE id = $1',
    [
      id,
      JSON.stringify(settings.build),
      JSON.stringify(settings.runtime),
      JSON.stringify(settings.regions),
      now,
    ],
  )
}

/** Locks an environment's row until the transaction ends. */
export async function lockEnvironment(tx: Sql, id: string): Promise<void> {
  await tx.query('SELECT 1 FROM environments WHERE id = $1 FOR UPDATE', [id])
}
