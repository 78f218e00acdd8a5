/**
 * Recording a new deployment (both `deployments.createDeployment` and the older
 * `deploy.createDeployment`): the `pending` row with the runtime and regions of its environment's
 * current settings, its first step, and the build workflow's operation and job, all in the
 * caller's transaction. The workflow walks it to `ready` (see workflows/operations.ts).
 *
 * Deployments of the same environment still queued (`pending`: their build has not started)
 * are `skipped`: the newer one replaces them before they cost a build. With `autoDeploy` off the
 * new deployment will wait in `awaiting_approval` after its build.
 */
import { type JobQueue, newId, type Sql } from '@apiplatform/server-kit'
import type { AppRecord, EnvironmentRecord } from '../domain/app.js'
import { deploymentRuntime } from '../domain/environment-settings.js'
import { recordDeploymentEvent } from '../repositories/deployment-events.js'
import { insertDeployment, queuedInEnvironment, updateDeploymentState } from '../repositories/deployments.js'
import { insertOperation } from '../repositories/operations.js'
import { OPERATIONS_QUEUE, type OperationJob } from '../workflows/queue-names.js'

export async function recordNewDeployment(
  tx: Sql,
  queue: JobQueue,
  input: {
    app: AppRecord
    environment: EnvironmentRecord
    gitCommitSha: string | null
    gitBranch: string | null
    dockerImage: string | null
    gitCommit?: Record<string, unknown> | null
    keyspaceId?: string | null
    requestId: string
    now: number
  },
): Promise<string> {
  const { app, environment, now } = input
  for (const queued of await queuedInEnvironment(tx, environment.id)) {
    await updateDeploymentState(tx, queued, { status: 'skipped' }, now)
  }
  const id = newId('d')
  await insertDeployment(tx, {
    id,
    workspaceId: app.workspaceId,
    projectId: app.projectId,
    appId: app.id,
    environmentId: environment.id,
    status: 'pending',
    gitCommitSha: input.gitCommitSha,
    gitBranch: input.gitBranch,
    dockerImage: input.dockerImage,
    gitCommit: input.gitCommit ?? null,
    keyspaceId: input.keyspaceId ?? null,
    regions: environment.settings.regions.map((r) => r.name),
    domains: [`${id.toLowerCase().replaceAll('_', '-')}-${app.slug}.deploy-control.app`],
    runtime: deploymentRuntime(environment.settings),
    createdAt: now,
    requiresApproval: !environment.settings.build.autoDeploy,
  })
  await recordDeploymentEvent(tx, id, { status: 'pending' }, now)
  const operationId = await insertOperation(tx, {
    workspaceId: app.workspaceId,
    kind: 'build',
    appId: app.id,
    deploymentId: id,
    fromDeploymentId: app.currentDeploymentId,
    requestId: input.requestId,
    now,
  })
  const job: OperationJob = { operationId, step: 0 }
  await queue.enqueue(tx, OPERATIONS_QUEUE, job, { dedupeKey: operationId })
  return id
}
