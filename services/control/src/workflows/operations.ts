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
 * - stop: drain (the deployment is `shutting down`) → `stopped`;
 * - start: boot (`starting`) → `ready`;
 * - build: `pending` → `building` → `deploying` → `network` → `finalizing` → `ready`; a ready
 *   production deployment takes live traffic unless the app is marked rolled back.
 *
 * `stepMs` (env `CONTROL_WORKFLOW_STEP_MS`) is how long each step takes, so that tests can
 * interrupt a workflow in the middle.
 */
import type { Database, JobContext, JobQueue, Sql } from '@apiplatform/server-kit'
import { BUILD_STEPS, promoteBlocker, rollbackBlocker } from '../domain/deployment.js'
import { quotaViolation } from '../domain/environment-settings.js'
import { switchTraffic } from '../repositories/apps.js'
import { recordDeploymentEvent } from '../repositories/deployment-events.js'
import { findDeployment, olderInProgress, updateDeploymentState } from '../repositories/deployments.js'
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

  const steps: Record<string, Step> = {
    rollback: trafficMove('rollback'),
    promote: trafficMove('promote'),
    stop: async (op, _job, ctx) =>
      void (await ctx.complete(async (tx) => {
        await updateDeploymentState(tx, op.deploymentId, { status: 'stopped', shuttingDown: false }, now())
        await updateOperation(tx, op.id, { status: 'succeeded', step: 'done' }, now())
      })),
    start: async (op, _job, ctx) =>
      void (await ctx.complete(async (tx) => {
        await updateDeploymentState(tx, op.deploymentId, { status: 'ready' }, now())
        await updateOperation(tx, op.id, { status: 'succeeded', step: 'done' }, now())
      })),
    build: async (op, job, ctx) => {
      // Step n moves the deployment from BUILD_STEPS[n] to BUILD_STEPS[n + 1].
      const from = BUILD_STEPS[job.step]
      const status = BUILD_STEPS[job.step + 1]
      if (!status || !from) return void (await ctx.complete())
      const d = await findDeployment(db, op.workspaceId, op.deploymentId)
      // Superseded by a newer deployment, or gone with its app: the build stops here.
      if (!d || d.status !== from) {
        return void (await fail(
          ctx,
          op,
          from,
          `The deployment is ${d ? d.status : 'gone'}; the build stopped.`,
        ))
      }
      if (status === 'deploying') {
        const violation = quotaViolation(d.runtime)
        if (violation) {
          return void (await ctx.complete(async (tx) => {
            await updateDeploymentState(
              tx,
              d.id,
              {
                status: 'failed',
                error: { code: violation.code, step: 'deploying', message: violation.message },
              },
              now(),
            )
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
        return next(ctx, job, status, (tx) => updateDeploymentState(tx, op.deploymentId, { status }, now()))
      }
      await ctx.complete(async (tx) => {
        await updateDeploymentState(tx, op.deploymentId, { status: 'ready' }, now())
        const d = await findDeployment(tx, op.workspaceId, op.deploymentId, { forUpdate: true })
        if (!d) return
        // Older deployments of the environment still on their way are superseded by this one.
        for (const older of await olderInProgress(tx, d)) {
          await updateDeploymentState(tx, older, { status: 'superseded' }, now())
        }
        // A ready production deployment takes over, unless the app was rolled back.
        if (d.environmentKind === 'production' && !d.appIsRolledBack) {
          await switchTraffic(tx, {
            appId: op.appId,
            toDeploymentId: d.id,
            operationId: op.id,
            reason: 'deploy',
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
    },
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
