/**
 * Durable background work of apps and domains, on the JobQueue like the deployment workflows:
 *
 * - `delete_app`: step 0 takes the app off live traffic (no current deployment, its deployments
 *   stop); step 1 deletes the app with everything it owns, in one transaction;
 * - `delete_project`: deletes the project's apps as `delete_app` step 1 does, then the project,
 *   in one transaction (once its deletion was accepted the API no longer finds the project, its
 *   apps or their environments);
 * - `verify_domain`: looks the domain's DNS records up through the injected resolver, then records
 *   the outcome in one lease-guarded transaction: `verified`, or a miss (`verifying`, and another
 *   check later) until the domain's 24-hour window has passed (`failed`). A check carries the
 *   domain's `check_seq` at the time it was queued: when a newer check was started (verifyDomain)
 *   the old one does nothing. Checks retry with a growing delay, then once more at the window's
 *   end, so the `failed` decision is a durable job of its own and survives restarts.
 */
import type { Database, JobContext, JobQueue, Sql } from '@apiplatform/server-kit'
import { checkRecords } from '../domain/custom-domain.js'
import type { DnsResolver } from '../domain/dns.js'
import { nextCheckDelay, statusAfterCheck } from '../domain/domain-verification.js'
import { deleteAppCascade, findAppById } from '../repositories/apps.js'
import { findDomainById, finishDomainCheck } from '../repositories/domains.js'
import { appIdsOfProject, deleteProjectRow } from '../repositories/projects.js'
import { sleep } from './sleep.js'

export const TASKS_QUEUE = 'control-tasks'

export type TaskJob =
  | { kind: 'delete_app'; appId: string; step: number }
  | { kind: 'delete_project'; projectId: string }
  | { kind: 'verify_domain'; domainId: string; seq: number; attempt: number }

export interface TaskOptions {
  stepMs: number
  now: () => number
  dns: () => DnsResolver
  /** Delay before the first background check of a new domain; doubles after each failure. */
  domainRecheckMs: number
  /** How many checks with a growing delay a window gets; then one last check at its end. */
  domainBackgroundChecks: number
}

export function registerTaskWorkflows(queue: JobQueue, db: Database, options: TaskOptions): void {
  const { now } = options

  const deleteApp = async (job: Extract<TaskJob, { kind: 'delete_app' }>, ctx: JobContext) => {
    if (job.step === 0) {
      return ctx.continueWith(
        { ...job, step: 1 },
        {
          fn: async (tx) => {
            const app = await findAppById(tx, job.appId, { forUpdate: true })
            if (!app) return
            await tx.query('UPDATE apps SET current_deployment_id = NULL, updated_at = $2 WHERE id = $1', [
              job.appId,
              now(),
            ])
          },
        },
      )
    }
    await ctx.complete((tx) => deleteAppCascade(tx, job.appId))
  }

  const deleteProject = async (job: Extract<TaskJob, { kind: 'delete_project' }>, ctx: JobContext) => {
    await ctx.complete(async (tx) => {
      for (const appId of await appIdsOfProject(tx, job.projectId)) await deleteAppCascade(tx, appId)
      await deleteProjectRow(tx, job.projectId)
    })
  }

  const verifyDomain = async (job: Extract<TaskJob, { kind: 'verify_domain' }>, ctx: JobContext) => {
    // A new domain's background checks start after a delay (its owner needs time to add the records).
    if (job.attempt === 0)
      return ctx.continueWith({ ...job, attempt: 1 }, { delayMs: options.domainRecheckMs })
    const domain = await findDomainById(db, job.domainId)
    if (!domain || domain.checkSeq !== job.seq || domain.status === 'verified')
      return void (await ctx.complete())
    const result = await checkRecords(options.dns(), domain.dnsRecords)
    const checkedAt = now()
    const status = statusAfterCheck(
      result.records.every((r) => r.verified),
      domain.verificationStartedAt,
      checkedAt,
    )
    const outcome = {
      status,
      records: result.records,
      error: status === 'verified' ? undefined : result.error,
    }
    const record = async (tx: Sql) =>
      void (await finishDomainCheck(tx, domain.id, job.seq, outcome, checkedAt))
    if (status === 'verifying') {
      // Record the miss, and look again later (at the latest when the window ends).
      const delayMs = nextCheckDelay(job.attempt, domain.verificationStartedAt, checkedAt, {
        recheckMs: options.domainRecheckMs,
        backgroundChecks: options.domainBackgroundChecks,
      })
      return ctx.continueWith({ ...job, attempt: job.attempt + 1 }, { delayMs, fn: record })
    }
    await ctx.complete(record)
  }

  queue.work<TaskJob>(TASKS_QUEUE, async (job, ctx) => {
    if (options.stepMs > 0) await sleep(options.stepMs, ctx.signal)
    const payload = job.payload
    if (payload.kind === 'delete_app') return deleteApp(payload, ctx)
    if (payload.kind === 'delete_project') return deleteProject(payload, ctx)
    if (payload.kind === 'verify_domain') return verifyDomain(payload, ctx)
    await ctx.complete()
  })
}
