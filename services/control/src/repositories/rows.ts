/** Helpers to read rows the same way on PGlite and PostgreSQL (int8 may come back as bigint or string). */

export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value))

export const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value)

/** jsonb comes back parsed on both drivers; strings are parsed defensively. */
export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}

/** Whether a write failed on a unique constraint (SQLSTATE 23505). */
/** Whether a database error is a unique violation (two requests racing for one slug). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505'

/** `forUpdate`: the rows read stay locked until the transaction ends, so checks on them still hold at commit. */
export interface RowLock {
  forUpdate?: boolean
}

/** The columns of a row that belongs to one environment of an app (a deployment, a domain). */
export interface EnvironmentRow {
  id: string
  workspace_id: string
  project_id: string
  app_id: string
  environment_id: string
}

/** The record fields of an `EnvironmentRow`'s columns. */
export const environmentFields = (r: EnvironmentRow) => ({
  id: r.id,
  workspaceId: r.workspace_id,
  projectId: r.project_id,
  appId: r.app_id,
  environmentId: r.environment_id,
})
