import type { Sql } from '@apiplatform/server-kit'
import { newId } from '@apiplatform/server-kit'
import { num, numOrNull } from './rows.js'

/** `approve`: a promotion of a deployment in `awaiting_approval`, which rolls it out first. */
export type OperationKind = 'rollback' | 'promote' | 'stop' | 'start' | 'build' | 'approve'
export type OperationStatus = 'accepted' | 'running' | 'succeeded' | 'failed'

export interface OperationRecord {
  id: string
  workspaceId: string
  kind: OperationKind
  appId: string
  deploymentId: string
  fromDeploymentId: string | null
  status: OperationStatus
  step: string
  failure: string | null
  createdAt: number
  finishedAt: number | null
}

export async function insertOperation(
  sql: Sql,
  input: {
    workspaceId: string
    kind: OperationKind
    appId: string
    deploymentId: string
    fromDeploymentId?: string | null
    requestId?: string
    now: number
  },
): Promise<string> {
  const id = newId('op')
  await sql.query(
    `INSERT INTO deployment_operations (id, workspace_id, kind, app_id, deployment_id, from_deployment_id, request_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      input.workspaceId,
      input.kind,
      input.appId,
      input.deploymentId,
      input.fromDeploymentId ?? null,
      input.requestId ?? null,
      input.now,
    ],
  )
  return id
}

export async function updateOperation(
  sql: Sql,
  id: string,
  change: { status: OperationStatus; step: string; failure?: string },
  now: number,
): Promise<void> {
  const finished = change.status === 'succeeded' || change.status === 'failed'
  await sql.query(
    `UPDATE deployment_operations SET status = $2, step = $3, failure = $4, finished_at = $5 WHERE id = $1`,
    [id, change.status, change.step, change.failure ?? null, finished ? now : null],
  )
}

export async function findOperation(sql: Sql, id: string): Promise<OperationRecord | undefined> {
  const rows = await sql.query<Record<string, unknown>>('SELECT * FROM deployment_operations WHERE id = $1', [
    id,
  ])
  const r = rows[0]
  return (
    r && {
      id: r.id as string,
      workspaceId: r.workspace_id as string,
      kind: r.kind as OperationKind,
      appId: r.app_id as string,
      deploymentId: r.deployment_id as string,
      fromDeploymentId: r.from_deployment_id as string | null,
      status: r.status as OperationStatus,
      step: r.step as string,
      failure: r.failure as string | null,
      createdAt: num(r.created_at),
      finishedAt: numOrNull(r.finished_at),
    }
  )
}
