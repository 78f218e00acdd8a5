/**
 * Durable background work of apps and domains, on the JobQueue like the deployment workflows:
 *
 * - `delete_app`: step 0 takes the app off live traffic (no current deployment, its deployments
 *   stop); step 1 deletes the app with everything it owns, in one transaction;
 * - `delete_project`: deletes the project's apps as `delete_app` step 1 does, then the project,
 *   in one transaction (once its deletion was accepted the API no longer finds the project, its
 *   apps or their environments);
 * - `verify_domain`: looks the domain's DNS records up through the injected resolver, then records
 *   `verified` or `failed` in one lease-guarded transaction. A check carries the domain's
 *   `check_seq` at the time it was queued: when a newer check was started (verifyDomain) the old
 *   one does nothing. Background checks (queued at creation) retry with a growing delay.
 */
import type { Database, JobContext, JobQueue } from '@apiplatform/server-kit'
import { checkRecords } from '../domain/custom-domain.js'
import type { DnsResolver } from '../domain/dns.js'
import { deleteAppCascade, findAppById } from '../repositories/apps.js'
import { findDomainById, finishDomainCheck } from '../repositories/domains.js'
import { appIdsOfProject, deleteProjectRow } from '../repositories/projects.js'
import { sleep } from './sleep.js'

export const TASKS_QUEUE = 'control-tasks'

export type TaskJob =
  | { kind: 'delete_app'; appId: string; step: number }
  | { kind: 'delete_project'; projectId: string }
  | { kind: 'verify_domain'; domainId: string; seq: number; background: boolean; attempt: number }

export interface TaskOptions {
  stepMs: number
  now: () => number
  dns: () => DnsResolver
  /** Delay before the first background check of a new domain; doubles after each failure. */
  domainRecheckMs: number
  /** How many background checks a domain gets before only verifyDomain checks it again. */
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
    const verified = result.records.every((r) => r.verified)
    const outcome = {
      status: verified ? ('verified' as const) : ('failed' as const),
      records: result.records,
      error: verified ? undefined : result.error,
    }
    if (!verified && job.background && job.attempt < options.domainBackgroundChecks) {
      // Record the failure, and look again later.
      return ctx.continueWith(
        { ...job, attempt: job.attempt + 1 },
        {
          delayMs: options.domainRecheckMs * 2 ** job.attempt,
          fn: async (tx) => void (await finishDomainCheck(tx, domain.id, job.seq, outcome, now())),
        },
      )
    }
    await ctx.complete((tx) => finishDomainCheck(tx, domain.id, job.seq, outcome, now()))
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
