/**
 * Accepting a 202 operation on a deployment (rollback, promote, stop, start): find it in the
 * caller's workspace, check the caller may act on it, check the preconditions, then record the
 * operation and its job in one transaction. The response is sent only after that transaction
 * commits, so accepted work is never lost.
 */
import type { Database, JobQueue, Sql } from '@apiplatform/server-kit'
import { authorize } from '../access/authorize.js'
import type { Caller } from '../access/caller.js'
import {
  assertAllowed,
  type DeploymentRecord,
  promoteBlocker,
  rollbackBlocker,
  startBlocker,
  stopBlocker,
  stopCancels,
} from '../domain/deployment.js'
import { deploymentNotFound } from '../domain/errors.js'
import { findDeployment, updateDeploymentState } from '../repositories/deployments.js'
import { insertOperation, type OperationKind } from '../repositories/operations.js'
import { OPERATIONS_QUEUE, type OperationJob } from '../workflows/queue-names.js'

const BLOCKERS: Record<
  'rollback' | 'promote' | 'stop' | 'start',
  (d: DeploymentRecord) => string | undefined
> = {
  rollback: rollbackBlocker,
  promote: promoteBlocker,
  stop: stopBlocker,
  start: startBlocker,
}

/**
 * The state change recorded together with the acceptance (visible right away). Stopping a
 * deployment that has not served yet cancels it at once: nothing runs that would need draining,
 * and its build workflow stops at its next step.
 */
const ON_ACCEPT: Partial<
  Record<OperationKind, (tx: Sql, d: DeploymentRecord, now: number) => Promise<void>>
> = {
  stop: (tx, d, now) =>
    updateDeploymentState(tx, d.id, stopCancels(d) ? { status: 'cancelled' } : { shuttingDown: true }, now),
  start: (tx, d, now) => updateDeploymentState(tx, d.id, { status: 'starting' }, now),
}

/** Promoting a deployment that awaits approval is its approval: the rest of its rollout. */
const recordedKind = (kind: 'rollback' | 'promote' | 'stop' | 'start', d: DeploymentRecord): OperationKind =>
  kind === 'promote' && d.status === 'awaiting_approval' ? 'approve' : kind

export async function acceptDeploymentOperation(
  deps: { db: Database; queue: JobQueue; now: () => number },
  caller: Caller,
  input: { kind: 'rollback' | 'promote' | 'stop' | 'start'; deploymentId: string; requestId: string },
): Promise<{ operationId: string }> {
  return deps.db.transaction(async (tx) => {
    const d = await findDeployment(tx, caller.workspaceId, input.deploymentId, { forUpdate: true })
    // Unknown and not permitted give the same 404: existence is never revealed.
    if (!d || !authorize(caller, { environmentId: d.environmentId })) {
      throw deploymentNotFound(input.deploymentId)
    }
    assertAllowed(BLOCKERS[input.kind](d))
    const now = deps.now()
    const kind = recordedKind(input.kind, d)
    const operationId = await insertOperation(tx, {
      workspaceId: d.workspaceId,
      kind,
      appId: d.appId,
      deploymentId: d.id,
      fromDeploymentId: d.appCurrentDeploymentId,
      requestId: input.requestId,
      now,
    })
    await ON_ACCEPT[kind]?.(tx, d, now)
    const job: OperationJob = { operationId, step: 0 }
    await deps.queue.enqueue(tx, OPERATIONS_QUEUE, job, { dedupeKey: operationId })
    return { operationId }
  })
}
