import type { Sql } from '@apiplatform/server-kit'
import {
  type DeploymentRecord,
  type DeploymentStatus,
  type Runtime,
  UNFINISHED,
} from '../domain/deployment.js'
import { recordDeploymentEvent } from './deployment-events.js'
import { type EnvironmentRow, environmentFields, json, num, numOrNull, type RowLock } from './rows.js'

const SELECT = `
  SELECT d.id, d.workspace_id, d.project_id, d.app_id, d.environment_id, e.kind AS environment_kind,
         d.status, d.shutting_down, d.git_commit_sha, d.git_branch, d.docker_image, d.regions, d.domains,
         d.runtime, d.error, d.created_at, d.updated_at, d.requires_approval,
         a.current_deployment_id AS app_current_deployment_id, a.is_rolled_back AS app_is_rolled_back
  FROM deployments d
  JOIN environments e ON e.id = d.environment_id
  JOIN apps a ON a.id = d.app_id`

interface Row extends EnvironmentRow {
  environment_kind: 'production' | 'preview'
  status: DeploymentStatus
  shutting_down: boolean
  git_commit_sha: string | null
  git_branch: string | null
  docker_image: string | null
  regions: unknown
  domains: unknown
  runtime: unknown
  error: unknown
  created_at: unknown
  updated_at: unknown
  requires_approval: boolean
  app_current_deployment_id: string | null
  app_is_rolled_back: boolean
}

const toRecord = (r: Row): DeploymentRecord => ({
  ...environmentFields(r),
  environmentKind: r.environment_kind,
  status: r.status,
  shuttingDown: r.shutting_down,
  gitCommitSha: r.git_commit_sha,
  gitBranch: r.git_branch,
  dockerImage: r.docker_image,
  regions: json<string[]>(r.regions),
  domains: json<string[]>(r.domains),
  runtime: json<Runtime>(r.runtime),
  error: r.error === null ? null : json<DeploymentRecord['error']>(r.error),
  createdAt: num(r.created_at),
  updatedAt: numOrNull(r.updated_at),
  requiresApproval: r.requires_approval,
  appCurrentDeploymentId: r.app_current_deployment_id,
  appIsRolledBack: r.app_is_rolled_back,
})

/**
 * One deployment of a workspace. `forUpdate` locks the deployment and its app rows so that
 * preconditions checked in a transaction still hold when it commits.
 */
export async function findDeployment(sql: Sql, workspaceId: string, id: string, options: RowLock = {}) {
  const rows = await sql.query<Row>(
    `${SELECT} WHERE d.workspace_id = $1 AND d.id = $2${options.forUpdate ? ' FOR UPDATE OF d, a' : ''}`,
    [workspaceId, id],
  )
  return rows[0] && toRecord(rows[0])
}

export interface DeploymentFilter {
  workspaceId: string
  projectId?: string
  appId?: string
  environmentId?: string
  statuses?: readonly string[]
  /** Only these environments (the key's readable ones); undefined means all. */
  environmentIds?: readonly string[]
  after?: { createdAt: number; id: string }
  limit: number
}

/** Deployments newest first (ties broken by id), `limit` of them after the cursor key. */
export async function listDeployments(sql: Sql, f: DeploymentFilter): Promise<DeploymentRecord[]> {
  const where = ['d.workspace_id = $1']
  const params: unknown[] = [f.workspaceId]
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value)
    where.push(clause(`$${params.length}`))
  }
  if (f.projectId) add((p) => `d.project_id = ${p}`, f.projectId)
  if (f.appId) add((p) => `d.app_id = ${p}`, f.appId)
  if (f.environmentId) add((p) => `d.environment_id = ${p}`, f.environmentId)
  if (f.statuses && f.statuses.length > 0) add((p) => `d.status = ANY(${p}::text[])`, [...f.statuses])
  if (f.environmentIds) add((p) => `d.environment_id = ANY(${p}::text[])`, [...f.environmentIds])
  if (f.after) {
    params.push(f.after.createdAt, f.after.id)
    const c = `$${params.length - 1}`
    const i = `$${params.length}`
    where.push(`(d.created_at < ${c} OR (d.created_at = ${c} AND d.id < ${i}))`)
  }
  params.push(f.limit)
  const rows = await sql.query<Row>(
    `${SELECT} WHERE ${where.join(' AND ')} ORDER BY d.created_at DESC, d.id DESC LIMIT $${params.length}`,
    params,
  )
  return rows.map(toRecord)
}

export interface NewDeployment {
  id: string
  workspaceId: string
  projectId: string
  appId: string
  environmentId: string
  status: DeploymentStatus
  gitCommitSha?: string | null
  gitBranch?: string | null
  dockerImage?: string | null
  regions: string[]
  domains: string[]
  runtime: Runtime
  createdAt: number
  /** Commit details given to `deploy.createDeployment` (message, author, …). */
  gitCommit?: Record<string, unknown> | null
  keyspaceId?: string | null
  /** Wait in `awaiting_approval` after the build (its environment's `autoDeploy` is off). */
  requiresApproval?: boolean
}

export async function insertDeployment(sql: Sql, d: NewDeployment): Promise<void> {
  await sql.query(
    `INSERT INTO deployments (id, workspace_id, project_id, app_id, environment_id, status, git_commit_sha, git_branch,
       docker_image, regions, domains, runtime, created_at, updated_at, git_commit, keyspace_id, requires_approval)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16)
     ON CONFLICT (id) DO NOTHING`,
    [
      d.id,
      d.workspaceId,
      d.projectId,
      d.appId,
      d.environmentId,
      d.status,
      d.gitCommitSha ?? null,
      d.gitBranch ?? null,
      d.dockerImage ?? null,
      JSON.stringify(d.regions),
      JSON.stringify(d.domains),
      JSON.stringify(d.runtime),
      d.createdAt,
      d.gitCommit ? JSON.stringify(d.gitCommit) : null,
      d.keyspaceId ?? null,
      d.requiresApproval ?? false,
    ],
  )
}

/**
 * Changes the state of a deployment. Entering a status, or starting to shut down, is recorded
 * as a step and a runtime log row in the same transaction (see deployment-events.ts).
 */
export async function updateDeploymentState(
  sql: Sql,
  id: string,
  change: { status?: DeploymentStatus; shuttingDown?: boolean; error?: DeploymentRecord['error'] },
  now: number,
): Promise<void> {
  if (change.status !== undefined) {
    await recordDeploymentEvent(
      sql,
      id,
      { status: change.status, ...(change.error ? { errorMessage: change.error.message } : {}) },
      now,
    )
  } else if (change.shuttingDown) {
    await recordDeploymentEvent(sql, id, { message: 'Shutting down: draining instances' }, now)
  }
  await sql.query(
    `UPDATE deployments SET status = COALESCE($2, status), shutting_down = COALESCE($3, shutting_down),
       error = CASE WHEN $4::boolean THEN $5::jsonb ELSE error END, updated_at = $6
     WHERE id = $1`,
    [
      id,
      change.status ?? null,
      change.shuttingDown ?? null,
      change.error !== undefined,
      change.error ? JSON.stringify(change.error) : null,
      now,
    ],
  )
}

/** Deployments of the same environment, created before `d`, still on their way to ready. */
export async function olderInProgress(
  sql: Sql,
  d: { id: string; environmentId: string; createdAt: number },
): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `SELECT id FROM deployments WHERE environment_id = $1 AND id <> $2 AND created_at <= $3
       AND status = ANY($4::text[]) FOR UPDATE`,
    [d.environmentId, d.id, d.createdAt, [...UNFINISHED]],
  )
  return rows.map((r) => r.id)
}

/** Deployments of the environment still queued (`pending`), locked: a newer one makes them `skipped`. */
export async function queuedInEnvironment(sql: Sql, environmentId: string): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `SELECT id FROM deployments WHERE environment_id = $1 AND status = 'pending' ORDER BY id FOR UPDATE`,
    [environmentId],
  )
  return rows.map((r) => r.id)
}

/**
 * Moves a deployment from `from` to another state, only if it is still in `from` (checked under
 * a row lock): a workflow step that read the state earlier must not undo a cancellation that
 * committed meanwhile. Returns whether it moved.
 */
export async function advanceDeploymentState(
  sql: Sql,
  id: string,
  from: DeploymentStatus,
  change: { status: DeploymentStatus; error?: DeploymentRecord['error'] },
  now: number,
): Promise<boolean> {
  const rows = await sql.query<{ status: string }>(
    'SELECT status FROM deployments WHERE id = $1 FOR UPDATE',
    [id],
  )
  if (rows[0]?.status !== from) return false
  await updateDeploymentState(sql, id, change, now)
  return true
}
