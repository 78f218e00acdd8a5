/**
 * The durable workflows behind the 202 operations. Each accepted operation is one row of
 * `deployment_operations` plus one job, both written in the request's transaction. A worker
 * runs the job one step at a time; every step commits through `ctx.continueWith` or
 * `ctx.complete`, which only commit while the worker still holds the job's lease, so a step's
 * effects happen exactly once even when a process dies mid-step and another one resumes the job.
 *
 * - rollback: verify the target can still take traffic → switch live traffic, mark the app
 *   rolled back;
 * - promote: verify → switch live traffic, clear the rolled-back marking;
 * - stop: drain (the deployment is `shutting down`) → `stopped`; a deployment that had not
 *   served yet was already `cancelled` when the stop was accepted, and stays so;
 * - start: boot (`starting`) → `ready`;
 * - build: `pending` → `building` → `deploying` → `network` → `finalizing` → `ready`; a ready
 *   production deployment takes live traffic unless the app is marked rolled back. A deployment
 *   that requires approval stops after `building` in `awaiting_approval` (the build operation
 *   succeeds there);
 * - approve (a promotion of a deployment in `awaiting_approval`): `deploying` → `network` →
 *   `finalizing` → `ready`, then it takes live traffic and clears the rolled-back marking, as a
 *   promotion does.
 *
 * Every state change of a walk is conditional on the state it read (`advanceDeploymentState`), so
 * a cancellation that commits between a step's read and its commit is never undone.
 *
 * `stepMs` (env `CONTROL_WORKFLOW_STEP_MS`) is how long each step takes, so that tests can
 * interrupt a workflow in the middle.
 */
import type { Database, JobContext, JobQueue, Sql } from '@apiplatform/server-kit'
import {
  APPROVED_STEPS,
  BUILD_STEPS,
  type DeploymentStatus,
  promoteBlocker,
  rollbackBlocker,
} from '../domain/deployment.js'
import { quotaViolation } from '../domain/environment-settings.js'
import { switchTraffic } from '../repositories/apps.js'
import { recordDeploymentEvent } from '../repositories/deployment-events.js'
import {
  advanceDeploymentState,
  findDeployment,
  olderInProgress,
  updateDeploymentState,
} from '../repositories/deployments.js'
import { findOperation, type OperationRecord, updateOperation } from '../repositories/operations.js'
import { OPERATIONS_QUEUE, type OperationJob } from './queue-names.js'
import { sleep } from './sleep.js'

export interface WorkflowOptions {
  stepMs: number
  now: () => number
}

type Step = (op: OperationRecord, job: OperationJob, ctx: JobContext) => Promise<void>

export function registerOperationWorkflows(queue: JobQueue, db: Database, options: WorkflowOptions): void {
  const { now } = options
  const fail = (ctx: JobContext, op: OperationRecord, step: string, failure: string) =>
    ctx.complete((tx) => updateOperation(tx, op.id, { status: 'failed', step, failure }, now()))
  const next = (ctx: JobContext, job: OperationJob, step: string, fn?: (tx: Sql) => Promise<void>) =>
    ctx.continueWith(
      { ...job, step: job.step + 1 },
      {
        fn: async (tx) => {
          const op = await findOperation(tx, job.operationId)
          if (op) await updateOperation(tx, op.id, { status: 'running', step }, now())
          if (fn) await fn(tx)
        },
      },
    )

  /** rollback and promote: verify the target, then move live traffic in one transaction. */
  const trafficMove =
    (kind: 'rollback' | 'promote'): Step =>
    async (op, job, ctx) => {
      const target = await findDeployment(db, op.workspaceId, op.deploymentId)
      if (!target) return void (await fail(ctx, op, 'verify', 'The target deployment no longer exists.'))
      if (job.step === 0) {
        // A second, concurrent operation may already have made the target current: that is success.
        const blocker = kind === 'rollback' ? rollbackBlocker(target) : promoteBlocker(target)
        if (blocker && target.appCurrentDeploymentId !== target.id)
          return void (await fail(ctx, op, 'verify', blocker))
        return next(ctx, job, 'switching_traffic')
      }
      await ctx.complete(async (tx) => {
        await switchTraffic(tx, {
          appId: op.appId,
          toDeploymentId: op.deploymentId,
          isRolledBack: kind === 'rollback',
          operationId: op.id,
          reason: kind,
          now: now(),
        })
        await recordDeploymentEvent(
          tx,
          op.deploymentId,
          {
            message:
              kind === 'rollback'
                ? 'Live traffic rolled back to this deployment; the app is marked rolled back'
                : 'Promoted: this deployment serves live traffic and the rolled-back marking is cleared',
          },
          now(),
        )
        await updateOperation(tx, op.id, { status: 'succeeded', step: 'done' }, now())
      })
    }

  /**
   * Walks a deployment along `states`: job step n moves it from states[n] to states[n + 1].
   * `promote`: the walk is an approval, so the ready deployment takes traffic as a promotion does.
   */
  const walk =
    (states: readonly DeploymentStatus[], promote: boolean): Step =>
    async (op, job, ctx) => {
      const from = states[job.step]
      const status = states[job.step + 1]
      if (!status || !from) return void (await ctx.complete())
      const d = await findDeployment(db, op.workspaceId, op.deploymentId)
      // Cancelled, skipped, superseded, or gone with its app: the walk stops here.
      if (!d || d.status !== from) {
        return void (await fail(
          ctx,
          op,
          from,
          `The deployment is ${d ? d.status : 'gone'}; the build stopped.`,
        ))
      }
      if (from === 'building' && d.requiresApproval && !promote) {
        return void (await ctx.complete(async (tx) => {
          if (await advanceDeploymentState(tx, d.id, from, { status: 'awaiting_approval' }, now()))
            await updateOperation(tx, op.id, { status: 'succeeded', step: 'awaiting_approval' }, now())
        }))
      }
      if (status === 'deploying') {
        const violation = quotaViolation(d.runtime)
        if (violation) {
          return void (await ctx.complete(async (tx) => {
            const error = { code: violation.code, step: 'deploying', message: violation.message }
            await advanceDeploymentState(tx, d.id, from, { status: 'failed', error }, now())
            await updateOperation(
              tx,
              op.id,
              { status: 'failed', step: 'deploying', failure: violation.message },
              now(),
            )
          }))
        }
      }
      if (status !== 'ready') {
        return next(ctx, job, status, async (tx) => {
          await advanceDeploymentState(tx, op.deploymentId, from, { status }, now())
        })
      }
      await ctx.complete(async (tx) => {
        if (!(await advanceDeploymentState(tx, op.deploymentId, from, { status: 'ready' }, now()))) {
          await updateOperation(
            tx,
            op.id,
            { status: 'failed', step: from, failure: 'The deployment was cancelled.' },
            now(),
          )
          return
        }
        const d = await findDeployment(tx, op.workspaceId, op.deploymentId, { forUpdate: true })
        if (!d) return
        // Older deployments of the environment still on their way are superseded by this one.
        for (const older of await olderInProgress(tx, d)) {
          await updateDeploymentState(tx, older, { status: 'superseded' }, now())
        }
        // A ready production deployment takes over, unless the app was rolled back (an approval
        // is a promotion: it takes over and clears the marking).
        if (d.environmentKind === 'production' && (promote || !d.appIsRolledBack)) {
          await switchTraffic(tx, {
            appId: op.appId,
            toDeploymentId: d.id,
            ...(promote ? { isRolledBack: false } : {}),
            operationId: op.id,
            reason: promote ? 'promote' : 'deploy',
            now: now(),
          })
        } else if (d.environmentKind === 'production') {
          await recordDeploymentEvent(
            tx,
            d.id,
            {
              message:
                'The app is rolled back: live traffic stays on the current deployment until a promotion',
            },
            now(),
          )
        }
        await updateOperation(tx, op.id, { status: 'succeeded', step: 'done' }, now())
      })
    }

  const steps: Record<string, Step> = {
    rollback: trafficMove('rollback'),
    promote: trafficMove('promote'),
    stop: async (op, _job, ctx) =>
      void (await ctx.complete(async (tx) => {
        // A cancelled deployment (stopped before it served) has nothing to drain.
        const d = await findDeployment(tx, op.workspaceId, op.deploymentId, { forUpdate: true })
        if (d && d.status !== 'cancelled')
          await updateDeploymentState(tx, op.deploymentId, { status: 'stopped', shuttingDown: false }, now())
        await updateOperation(tx, op.id, { status: 'succeeded', step: 'done' }, now())
      })),
    start: async (op, _job, ctx) =>
      void (await ctx.complete(async (tx) => {
        await updateDeploymentState(tx, op.deploymentId, { status: 'ready' }, now())
        await updateOperation(tx, op.id, { status: 'succeeded', step: 'done' }, now())
      })),
    build: walk(BUILD_STEPS, false),
    approve: walk(APPROVED_STEPS, true),
  }

  queue.work<OperationJob>(OPERATIONS_QUEUE, async (job, ctx) => {
    const op = await findOperation(db, job.payload.operationId)
    if (!op || op.status === 'succeeded' || op.status === 'failed') return void (await ctx.complete())
    const step = steps[op.kind]
    if (!step) return void (await fail(ctx, op, 'unknown', `unknown operation kind ${op.kind}`))
    if (options.stepMs > 0) await sleep(options.stepMs, ctx.signal)
    await step(op, job.payload, ctx)
  })
}
