import { randomUUID } from 'node:crypto'
import type { Database, JobHandler, JobQueue, Sql } from '@apiplatform/server-kit'
import { balance, charge, Prices } from '../billing/credits.js'
import { type Now, nowOf } from '../clock.js'
import { Errors } from '../errors.js'
import { planDocument } from '../scrape/plan.js'
import { buildDocument, fetchOrThrow } from '../scrape/scrape.js'
import { readTbs, searchIndex } from '../search/index.js'
import { searchPrice } from '../search/search.js'
import { deliverWebhook } from '../webhooks/signed-post.js'
import {
  type CheckEnd,
  type CheckPageResult,
  changedCheckPages,
  finishCheck,
  insertCheckPage,
  loadCheck,
  markCheckRunning,
  type Previous,
  previousPages,
  setNotificationStatus,
  startCheck,
} from './check-store.js'
import { diffMarkdown } from './diff.js'
import { crawlLimit } from './pricing.js'
import { type CheckRow, EMPTY_SUMMARY, type MonitorRow, type MonitorTarget, type Summary } from './rows.js'
import { nextRun } from './schedule.js'
import { loadMonitor, MONITOR_CHECK_QUEUE, MONITOR_SCHEDULE_QUEUE, setNextRun } from './store.js'

export interface MonitorDeps {
  db: Database
  queue: JobQueue
  allowPrivateUrls: boolean
  webhookSecret: string
  /** Business time (`clock.ts`): due times and next runs; real time by default. */
  now?: Now
}

interface ScheduleJob {
  teamId: string
  monitorId: string
  version: number
}

interface CheckJob {
  teamId: string
  monitorId: string
  checkId: string
  step: 'run' | 'notify'
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T

/**
 * The scheduling job of a monitor: at each due time it starts a check (or records
 * `skipped_overlap`), then reschedules itself for the next cron time with `continueWith`. A job
 * whose `version` no longer matches the monitor (rescheduled, paused, deleted) ends quietly.
 */
export function monitorScheduler(deps: MonitorDeps): JobHandler<ScheduleJob> {
  return async (job, ctx) => {
    const monitor = await loadMonitor(deps.db, job.payload.monitorId)
    if (monitor?.status !== 'active' || monitor.schedule_version !== job.payload.version) {
      await ctx.complete()
      return
    }
    const now = nowOf(deps)
    const due = monitor.next_run_at ? new Date(monitor.next_run_at) : new Date(now)
    const next = nextRun(monitor.schedule, new Date(Math.max(now, due.getTime())))
    if (!next) {
      await ctx.complete()
      return
    }
    await ctx.continueWith(job.payload, {
      delayMs: Math.max(0, next.getTime() - now),
      fn: async (tx) => {
        const locked = await loadMonitor(tx, monitor.id, true)
        if (!locked || locked.schedule_version !== job.payload.version) return
        await startCheck(tx, deps.queue, locked, 'scheduled', due)
        await setNextRun(tx, monitor.id, next)
      },
    })
  }
}

interface PageResult extends CheckPageResult {
  status: 'same' | 'new' | 'changed' | 'removed' | 'error'
}

function compare(
  targetId: string,
  url: string,
  markdown: string,
  previous: Previous | undefined,
  metadata: Record<string, unknown>,
  statusCode: number | null,
): PageResult {
  const base = {
    targetId,
    url,
    statusCode,
    error: null,
    metadata,
    markdown,
    previousScrapeId: previous?.id ?? null,
  }
  if (!previous?.markdown && previous?.markdown !== '') return { ...base, status: 'new', diff: null }
  if (previous.markdown === markdown) return { ...base, status: 'same', diff: null }
  return { ...base, status: 'changed', diff: diffMarkdown(url, previous.markdown, markdown) }
}

async function fetchForMonitor(
  deps: MonitorDeps,
  url: string,
  scrapeOptions: Record<string, unknown> | undefined,
  signal: AbortSignal,
) {
  const page = await fetchOrThrow(new URL(url), {
    allowPrivateUrls: deps.allowPrivateUrls,
    timeoutMs: Number(scrapeOptions?.timeout ?? 30_000),
    signal,
  })
  const { document, parsed } = buildDocument(
    page,
    planDocument({
      formats: ['markdown'],
      onlyMainContent: scrapeOptions?.onlyMainContent !== false,
      ...(Array.isArray(scrapeOptions?.includeTags)
        ? { includeTags: scrapeOptions.includeTags as string[] }
        : {}),
      ...(Array.isArray(scrapeOptions?.excludeTags)
        ? { excludeTags: scrapeOptions.excludeTags as string[] }
        : {}),
    }),
  )
  return { page, document, parsed }
}

/** Checks one target: fetch (or search) its pages and compare each with its previous snapshot. */
async function checkTarget(
  deps: MonitorDeps,
  monitor: MonitorRow,
  target: MonitorTarget & { id: string },
  signal: AbortSignal,
) {
  const previous = await previousPages(deps.db, monitor.id, target.id)
  const results: PageResult[] = []
  let credits = 0
  const seen = new Set<string>()
  const fetchOne = async (url: string, scrapeOptions?: Record<string, unknown>) => {
    seen.add(url)
    const prev = previous.get(url)
    try {
      const { page, document, parsed } = await fetchForMonitor(deps, url, scrapeOptions, signal)
      credits += Prices.monitorPage
      const metadata = document.metadata
      if (page.statusCode >= 400) {
        const gone = prev && (page.statusCode === 404 || page.statusCode === 410)
        results.push({
          targetId: target.id,
          url,
          status: gone ? 'removed' : 'error',
          previousScrapeId: prev?.id ?? null,
          statusCode: page.statusCode,
          error: gone ? null : `The page answered HTTP ${page.statusCode}.`,
          metadata,
          diff: null,
          markdown: null,
        })
        return undefined
      }
      results.push(compare(target.id, url, parsed.markdown, prev, metadata, page.statusCode))
      return parsed
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      results.push({
        targetId: target.id,
        url,
        status: 'error',
        previousScrapeId: prev?.id ?? null,
        statusCode: null,
        error: reason,
        metadata: null,
        diff: null,
        markdown: null,
      })
      return undefined
    }
  }
  if (target.type === 'scrape') {
    for (const url of target.urls) await fetchOne(url, target.scrapeOptions)
  } else if (target.type === 'crawl') {
    const limit = crawlLimit(target)
    const start = new URL(target.url)
    const queue = [target.url]
    while (queue.length > 0 && seen.size < limit) {
      const url = queue.shift() as string
      if (seen.has(url)) continue
      const parsed = await fetchOne(url, target.scrapeOptions)
      for (const link of parsed?.contentLinks ?? []) {
        const u = new URL(link)
        u.hash = ''
        if (u.origin === start.origin && !seen.has(u.toString()) && !queue.includes(u.toString()))
          queue.push(u.toString())
      }
    }
  } else {
    const since = readTbs(
      `qdr:${{ '5m': 'h', '15m': 'h', '1h': 'h', '6h': 'h6', '24h': 'd', '7d': 'w' }[target.searchWindow ?? '24h'] ?? 'd'}`,
      // Real time: the window is compared with pages' fetched_at, a column default the clock
      // does not move.
      new Date(),
    ).since
    for (const query of target.queries) {
      credits += searchPrice(target.maxResults ?? 10)
      const hits = await searchIndex(deps.db, monitor.team_id, query, target.maxResults ?? 10, {
        ...(target.includeDomains?.length ? { includeDomains: target.includeDomains } : {}),
        ...(target.excludeDomains?.length ? { excludeDomains: target.excludeDomains } : {}),
        ...(since ? { since } : {}),
      })
      for (const hit of hits) {
        if (seen.has(hit.url)) continue
        seen.add(hit.url)
        results.push(
          compare(
            target.id,
            hit.url,
            hit.markdown,
            previous.get(hit.url),
            { title: hit.title, query },
            hit.statusCode,
          ),
        )
      }
    }
  }
  // Pages of a crawl or search that no longer show up were removed; listed URLs are always fetched.
  if (target.type !== 'scrape') {
    for (const [url, prev] of previous) {
      if (!seen.has(url))
        results.push({
          targetId: target.id,
          url,
          status: 'removed',
          previousScrapeId: prev.id,
          statusCode: null,
          error: null,
          metadata: null,
          diff: null,
          markdown: null,
        })
    }
  }
  return { results, credits }
}

function summarize(results: PageResult[]): Summary {
  const summary = { ...EMPTY_SUMMARY, totalPages: results.length }
  for (const r of results) summary[r.status]++
  return summary
}

/**
 * The check job: step `run` fetches every target through the guard, diffs against the previous
 * snapshots and commits pages, summary, credits and the monitor's state in one transaction
 * (under the job lease); step `notify` then delivers the signed webhook and records the outcome.
 */
export function monitorChecker(deps: MonitorDeps): JobHandler<CheckJob> {
  return async (job, ctx) => {
    const { monitorId, checkId, teamId } = job.payload
    const monitor = await loadMonitor(deps.db, monitorId)
    const check = await loadCheck(deps.db, checkId)
    if (!monitor || !check) {
      await ctx.complete()
      return
    }
    if (job.payload.step === 'notify') {
      await notify(deps, monitor, check, ctx.signal).then((status) =>
        ctx.complete(async (tx) => {
          await setNotificationStatus(tx, checkId, status)
        }),
      )
      return
    }
    const finish = (tx: Sql, fields: CheckEnd) => finishCheck(tx, monitor, checkId, fields)
    if ((await balance(deps.db, teamId)) < (check.estimated_credits ?? 0)) {
      await ctx.complete((tx) =>
        finish(tx, {
          status: 'failed',
          error: Errors.paymentRequired,
          billing: 'insufficient_credits',
          credits: 0,
          summary: EMPTY_SUMMARY,
          targetResults: [],
        }),
      )
      return
    }
    await markCheckRunning(deps.db, checkId)

    const results: PageResult[] = []
    const targetResults: unknown[] = []
    let credits = 0
    for (const target of monitor.targets) {
      const outcome = await checkTarget(deps, monitor, target, ctx.signal)
      results.push(...outcome.results)
      credits += outcome.credits
      targetResults.push({
        targetId: target.id,
        type: target.type,
        summary: summarize(outcome.results),
        credits: outcome.credits,
      })
    }
    const summary = summarize(results)
    const status: CheckRow['status'] =
      summary.error === 0 ? 'completed' : summary.error === summary.totalPages ? 'failed' : 'partial'
    await ctx.continueWith(
      { ...job.payload, step: 'notify' },
      {
        fn: async (tx) => {
          for (const r of results) await insertCheckPage(tx, checkId, monitorId, randomUUID(), r)
          const billed = await charge(tx, teamId, credits, 'monitor', checkId)
          await finish(tx, {
            status,
            error: status === 'failed' ? 'Every page of the check failed.' : null,
            billing: credits === 0 ? 'not_billed' : billed ? 'billed' : 'insufficient_credits',
            credits: billed ? credits : 0,
            summary,
            targetResults,
          })
        },
      },
    )
  }
}

/** Webhook events: a check's completion, and (narrower) a completion with changes. */
const EVENTS = { completed: 'monitor.check.completed', changed: 'monitor.check.changed' } as const

async function notify(deps: MonitorDeps, monitor: MonitorRow, check: CheckRow, signal: AbortSignal) {
  const webhook = monitor.webhook
  const email = { status: 'not_sent', reason: 'Email notifications are not sent by the reference service.' }
  if (!webhook?.url) return { webhook: { status: 'not_configured' }, email }
  const current = (await loadCheck(deps.db, check.id)) ?? check
  const summary = json<Summary>(current.summary)
  const changed = summary.changed + summary.new + summary.removed > 0
  const events = webhook.events ?? []
  const wanted =
    events.length === 0 ||
    events.some(
      (e) =>
        e === EVENTS.completed ||
        e === 'check.completed' ||
        (changed && (e === EVENTS.changed || e === 'check.changed')),
    )
  if (!wanted || signal.aborted) return { webhook: { status: 'skipped' }, email }
  const pages = await changedCheckPages(deps.db, check.id)
  const event = changed ? EVENTS.changed : EVENTS.completed
  const delivery = await deliverWebhook({
    url: webhook.url,
    ...(webhook.headers ? { headers: webhook.headers } : {}),
    secret: deps.webhookSecret,
    allowPrivateUrls: deps.allowPrivateUrls,
    event,
    payload: {
      type: event,
      monitorId: monitor.id,
      checkId: check.id,
      status: current.status,
      trigger: current.trigger,
      summary,
      pages: pages.map((p) => ({
        url: p.url,
        status: p.status,
        targetId: p.target_id,
        diff: p.diff ? json<{ text: string }>(p.diff).text : null,
      })),
      metadata: webhook.metadata ?? {},
      createdAt: new Date(nowOf(deps)).toISOString(),
    },
  })
  return { webhook: delivery, email }
}

/** Registers the monitor queues on the service's job queue. */
export function registerMonitorWorkers(deps: MonitorDeps): void {
  deps.queue.work(MONITOR_SCHEDULE_QUEUE, monitorScheduler(deps), { concurrency: 4 })
  deps.queue.work(MONITOR_CHECK_QUEUE, monitorChecker(deps), { concurrency: 4 })
}
