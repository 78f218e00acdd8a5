/**
 * What a deployment went through: one `deployment_steps` row per state it entered (the `steps`
 * of `deploy.getDeployment`) and the same event as a `runtime_logs` row (read by
 * `analytics.getRuntimeLogs`). Written in the transaction that changes the state, so a workflow
 * step that commits once logs once.
 */
import type { Sql } from '@apiplatform/server-kit'
import type { DeploymentStatus } from '../domain/deployment.js'
import { num } from './rows.js'

const MESSAGES: Record<DeploymentStatus, string> = {
  pending: 'Deployment queued',
  starting: 'Starting instances',
  building: 'Building the image',
  deploying: 'Deploying instances to the regions',
  network: 'Routing network traffic and domains',
  finalizing: 'Running healthchecks and finalizing',
  ready: 'Deployment is ready',
  failed: 'Deployment failed',
  skipped: 'Deployment skipped',
  awaiting_approval: 'Deployment awaits approval',
  stopped: 'Deployment stopped',
  superseded: 'Superseded by a newer deployment of the environment',
  cancelled: 'Deployment cancelled',
}

const LEVELS: Partial<Record<DeploymentStatus, string>> = {
  failed: 'error',
  superseded: 'warn',
  cancelled: 'warn',
}

export interface DeploymentEvent {
  /** The state entered, or undefined for an event that keeps the state (shutting down). */
  status?: DeploymentStatus
  message?: string
  errorMessage?: string
  level?: 'debug' | 'info' | 'warn' | 'error'
}

export async function recordDeploymentEvent(
  sql: Sql,
  deploymentId: string,
  event: DeploymentEvent,
  now: number,
): Promise<void> {
  const message = event.message ?? (event.status ? MESSAGES[event.status] : 'Deployment updated')
  const level = event.level ?? (event.status ? (LEVELS[event.status] ?? 'info') : 'info')
  await sql.query(
    `INSERT INTO deployment_steps (deployment_id, status, message, error_message, created_at)
     SELECT id, COALESCE($2, status), $3, $4, $5 FROM deployments WHERE id = $1`,
    [deploymentId, event.status ?? null, message, event.errorMessage ?? null, now],
  )
  await sql.query(
    `INSERT INTO runtime_logs (workspace_id, project_id, app_id, environment_id, deployment_id, time, level, message)
     SELECT workspace_id, project_id, app_id, environment_id, id, to_timestamp($2::double precision / 1000), $3, $4
     FROM deployments WHERE id = $1`,
    [deploymentId, now, level, event.errorMessage ? `${message}: ${event.errorMessage}` : message],
  )
}

export interface DeploymentStep {
  status: string
  message: string
  errorMessage: string | null
  createdAt: number
}

export async function listDeploymentSteps(sql: Sql, deploymentId: string): Promise<DeploymentStep[]> {
  const rows = await sql.query<{
    status: string
    message: string
    error_message: string | null
    created_at: unknown
  }>(
    'SELECT status, message, error_message, created_at FROM deployment_steps WHERE deployment_id = $1 ORDER BY id',
    [deploymentId],
  )
  return rows.map((r) => ({
    status: r.status,
    message: r.message,
    errorMessage: r.error_message,
    createdAt: num(r.created_at),
  }))
}
