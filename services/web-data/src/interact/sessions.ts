import type { Database } from '@apiplatform/server-kit'
import { newId, randomToken } from '@apiplatform/server-kit'
import type { Page } from 'playwright-core'
import { balance } from '../billing/credits.js'
import { type BrowserPool, browserUnavailable, type GuardedContext } from '../browser/pool.js'
import { type Now, nowOf } from '../clock.js'
import { ApiError, Errors } from '../errors.js'
import { type CloseReason, type LiveSession, waitUntilIdle } from './live-session.js'
import { CodeRunner, type ExecResult } from './runner.js'
import { getScrapeJob, type ScrapeJob, setScrapeSessionState } from './scrape-jobs.js'
import { BROWSER_CREDITS_PER_MINUTE, recordClose } from './session-close.js'
import { busy, gone, unsupportedLanguage } from './session-errors.js'
import { releaseSessionSlot, reserveSessionSlot } from './session-slots.js'
import {
  listSessions,
  markSessionLost,
  markUnheldSessionsLost,
  profileState,
  type SessionView,
  sessionRow,
  touchSession,
} from './session-store.js'

/** Default run timeout of `POST /v2/interact/{sessionId}/execute`, in seconds (the spec sets none). */
export const DEFAULT_EXECUTE_TIMEOUT_S = 30

export interface BrowserSessionsOptions {
  /** Idle time after which the kept browser of a scrape is closed (its interact calls then answer 410). */
  scrapeSessionIdleMs: number
  /** Most active interact sessions per team (429 `Concurrency limit reached` beyond). */
  maxSessionsPerTeam: number
  /** How often expired sessions are closed. */
  sweepMs?: number
  /**
   * Business time (`clock.ts`): idle limits, ttls and billed minutes; real time by default. Run
   * timeouts of code stay on real time.
   */
  now?: Now
}

/**
 * The live browser sessions of this process: `/v2/interact` sessions (persisted in
 * `browser_sessions`) and the kept browsers of scrapes (state in `scrape_jobs.session_state`).
 * Contexts live in this process; a session another process or an earlier run of this one held is
 * reported destroyed (interact) or gone (scrape). Expired sessions are closed and billed by a sweeper.
 */
export class BrowserSessions {
  readonly instanceId = randomToken(12)
  private readonly live = new Map<string, LiveSession>()
  /** Interact sessions whose row is recorded and whose browser context is still being opened. */
  private readonly opening = new Set<string>()
  /** Sessions being closed (no longer live, their end not yet recorded), by why they end. */
  private readonly ending = new Map<string, CloseReason>()
  private readonly sweeper: NodeJS.Timeout
  private closing = false

  constructor(
    private readonly db: Database,
    private readonly pool: BrowserPool,
    private readonly options: BrowserSessionsOptions,
  ) {
    this.sweeper = setInterval(() => void this.sweep(), options.sweepMs ?? 1_000)
    this.sweeper.unref()
  }

  // ---- /v2/interact ------------------------------------------------------------------------

  async create(
    teamId: string,
    input: {
      ttl: number
      activityTtl?: number | undefined
      streamWebView: boolean
      profile?: { name: string; saveChanges: boolean } | undefined
    },
  ): Promise<{ id: string; expiresAt: string }> {
    if ((await balance(this.db, teamId)) < BROWSER_CREDITS_PER_MINUTE)
      throw new ApiError(402, Errors.paymentRequired)
    this.pool.assertAvailable()
    const id = newId('bs', 16)
    const now = nowOf(this.options)
    const expiresAt = now + input.ttl * 1000
    // The slot is taken before the browser context is opened: counting first and recording after
    // the open would let concurrent creates all see room.
    const reserved = await reserveSessionSlot(
      this.db,
      {
        id,
        teamId,
        instanceId: this.instanceId,
        ttlSeconds: input.ttl,
        activityTtlSeconds: input.activityTtl ?? null,
        streamWebView: input.streamWebView,
        profileName: input.profile?.name ?? null,
        profileSave: input.profile?.saveChanges ?? true,
        createdAt: new Date(now),
        expiresAt: new Date(expiresAt),
      },
      this.options.maxSessionsPerTeam,
    )
    if (!reserved) {
      throw new ApiError(429, 'Concurrency limit reached', {
        code: 'CONCURRENCY_LIMIT',
        details: { limit: this.options.maxSessionsPerTeam },
      })
    }
    this.opening.add(id)
    let opened: GuardedContext | undefined
    try {
      const storageState = input.profile ? await profileState(this.db, teamId, input.profile.name) : undefined
      opened = await this.pool.newContext(storageState ? { storageState } : {})
      const page = await opened.context.newPage()
      if (this.closing) throw browserUnavailable('The service is shutting down.')
      this.live.set(id, {
        ...opened,
        key: id,
        kind: 'interact',
        teamId,
        page,
        runner: new CodeRunner(opened.context, () => page),
        busy: false,
        running: undefined,
        createdAt: now,
        lastActivity: now,
        expiresAt,
        idleMs: input.activityTtl !== undefined ? input.activityTtl * 1000 : undefined,
        billedFrom: now,
        ...(input.profile ? { profile: { name: input.profile.name, save: input.profile.saveChanges } } : {}),
      })
    } catch (error) {
      await opened?.context.close().catch(() => {})
      await releaseSessionSlot(this.db, id)
      throw error
    } finally {
      this.opening.delete(id)
    }
    return { id, expiresAt: new Date(expiresAt).toISOString() }
  }

  async list(teamId: string, status?: 'active' | 'destroyed'): Promise<SessionView[]> {
    await this.reconcile(teamId)
    return listSessions(this.db, teamId, status)
  }

  async execute(
    teamId: string,
    id: string,
    input: { code: string; language: string; timeout?: number | undefined },
  ): Promise<ExecResult> {
    const row = await sessionRow(this.db, teamId, id)
    if (!row) throw new ApiError(404, Errors.notFound, { code: 'SESSION_NOT_FOUND' })
    if (input.language !== 'node') throw unsupportedLanguage(input.language)
    const live = this.live.get(id)
    const session = live && !(await this.endIfOver(live)) ? live : undefined
    if (row.status !== 'active' || !session || session.teamId !== teamId) {
      if (row.status === 'active') await this.markLost(id)
      throw new ApiError(409, Errors.conflict, {
        code: 'SESSION_DESTROYED',
        details: { reason: 'The browser session is closed; create a new one.' },
      })
    }
    // An execute queues behind the run in progress, within its own timeout: the request timed out
    // (408) only if the session never became free; a run that started and overran is `killed`.
    const deadline = Date.now() + (input.timeout ?? DEFAULT_EXECUTE_TIMEOUT_S) * 1000
    await waitUntilIdle(session, deadline)
    return this.runIn(session, input.code, deadline - Date.now(), async () => {
      await touchSession(this.db, id)
    })
  }

  async destroy(teamId: string, id: string): Promise<{ sessionDurationMs: number; creditsBilled: number }> {
    const row = await sessionRow(this.db, teamId, id)
    if (!row) throw new ApiError(404, Errors.notFound, { code: 'SESSION_NOT_FOUND' })
    const session = this.live.get(id)
    if (session && row.status === 'active') return this.closeSession(session, 'deleted')
    if (row.status === 'active') await this.markLost(id)
    const after = await sessionRow(this.db, teamId, id)
    return {
      sessionDurationMs: Number(after?.duration_ms ?? 0),
      creditsBilled: Number(after?.credits_billed ?? 0),
    }
  }

  // ---- /v2/scrape/{jobId}/interact ----------------------------------------------------------

  /** Keeps the browser of a browser scrape open for interact calls (closed when idle). */
  keepScrapeSession(jobId: string, teamId: string, opened: GuardedContext & { page: Page }): void {
    if (this.closing) {
      void opened.context.close().catch(() => {})
      return
    }
    const now = nowOf(this.options)
    this.live.set(`scrape:${jobId}`, {
      ...opened,
      key: `scrape:${jobId}`,
      kind: 'scrape',
      teamId,
      runner: new CodeRunner(opened.context, () => opened.page),
      busy: false,
      running: undefined,
      createdAt: now,
      lastActivity: now,
      expiresAt: Number.POSITIVE_INFINITY,
      idleMs: this.options.scrapeSessionIdleMs,
      billedFrom: undefined,
    })
  }

  async interactWithScrape(
    teamId: string,
    jobId: string,
    input: { code: string; language: string; timeout: number },
  ): Promise<ExecResult> {
    const job = await getScrapeJob(this.db, teamId, jobId)
    if (!job) throw new ApiError(404, Errors.notFound, { code: 'SCRAPE_JOB_NOT_FOUND' })
    if (input.language !== 'node') throw unsupportedLanguage(input.language)
    const key = `scrape:${jobId}`
    const ending = this.ending.get(key)
    if (ending) throw gone({ ...job, sessionState: ending === 'stopped' ? 'stopped' : 'expired' })
    let session = this.live.get(key)
    if (session && (await this.endIfOver(session))) throw gone({ ...job, sessionState: 'expired' })
    if (
      job.sessionState === 'stopped' ||
      job.sessionState === 'expired' ||
      (job.sessionState === 'active' && !session)
    ) {
      if (job.sessionState === 'active') await setScrapeSessionState(this.db, jobId, 'expired')
      throw gone(job)
    }
    if (session?.busy) throw busy()
    if ((await balance(this.db, teamId)) < BROWSER_CREDITS_PER_MINUTE)
      throw new ApiError(402, Errors.paymentRequired)
    if (!session) session = await this.openScrapeSession(job)
    if (session.billedFrom === undefined) {
      session.billedFrom = nowOf(this.options)
      await setScrapeSessionState(this.db, jobId, 'active')
    }
    return this.runIn(session, input.code, input.timeout * 1000, async () => {})
  }

  async stopScrapeSession(teamId: string, jobId: string): Promise<void> {
    const job = await getScrapeJob(this.db, teamId, jobId)
    if (!job) throw new ApiError(404, Errors.notFound, { code: 'SCRAPE_JOB_NOT_FOUND' })
    const session = this.live.get(`scrape:${jobId}`)
    if (session) await this.closeSession(session, 'stopped')
    else if (job.sessionState !== 'expired') await setScrapeSessionState(this.db, jobId, 'stopped')
  }

  // ---- lifecycle ---------------------------------------------------------------------------

  /** Closes every session (billing them) and stops the sweeper; the pool is closed by its owner. */
  async close(): Promise<void> {
    this.closing = true
    clearInterval(this.sweeper)
    await Promise.all([...this.live.values()].map((s) => this.closeSession(s, 'shutdown').catch(() => {})))
  }

  private async sweep(): Promise<void> {
    for (const session of this.live.values()) {
      await this.endIfOver(session).catch((error) => console.error('closing session failed', error))
    }
  }

  /**
   * Closes a session past its ttl or idle limit (`expired`), unless code runs in it. Called by the
   * sweeper and by every call that reaches the session, so a call right after the clock of the
   * test controls moved past the limit finds it ended, not whatever the next sweep would do.
   */
  private async endIfOver(session: LiveSession): Promise<boolean> {
    if (session.busy) return false
    const now = nowOf(this.options)
    const idle = session.idleMs !== undefined && now - session.lastActivity > session.idleMs
    if (now <= session.expiresAt && !idle) return false
    await this.closeSession(session, 'expired')
    return true
  }

  private async openScrapeSession(job: ScrapeJob): Promise<LiveSession> {
    this.pool.assertAvailable()
    const opened = await this.pool.newContext()
    const page = await opened.context.newPage()
    try {
      await page.goto(job.finalUrl, { waitUntil: 'load', timeout: 30_000 })
    } catch (error) {
      await opened.context.close().catch(() => {})
      throw new ApiError(502, Errors.badGateway, {
        code: 'SCRAPE_FETCH_FAILED',
        details: { reason: `${job.finalUrl}: ${((error as Error).message ?? '').split('\n')[0]}` },
      })
    }
    this.keepScrapeSession(job.id, job.teamId, { ...opened, page })
    const session = this.live.get(`scrape:${job.id}`)
    if (!session) throw new ApiError(503, 'Service Unavailable', { code: 'BROWSER_UNAVAILABLE' })
    return session
  }

  private async runIn(
    session: LiveSession,
    code: string,
    timeoutMs: number,
    touch: () => Promise<void>,
  ): Promise<ExecResult> {
    if (session.busy) throw busy()
    session.busy = true
    const run = (async () => {
      session.lastActivity = nowOf(this.options)
      await touch()
      return await session.runner.run(code, timeoutMs)
    })()
    session.running = run
    try {
      return await run
    } finally {
      session.lastActivity = nowOf(this.options)
      session.busy = false
      session.running = undefined
    }
  }

  private async closeSession(
    session: LiveSession,
    reason: CloseReason,
  ): Promise<{ sessionDurationMs: number; creditsBilled: number }> {
    if (!this.live.delete(session.key)) return { sessionDurationMs: 0, creditsBilled: 0 }
    // Until its end is recorded, a call to it answers as to an ended session, not a reopened one.
    this.ending.set(session.key, reason)
    try {
      return await recordClose(this.db, this.options, session, reason)
    } finally {
      this.ending.delete(session.key)
    }
  }

  /** Marks sessions this process no longer holds (or past their ttl) destroyed. */
  private async reconcile(teamId: string): Promise<void> {
    const held = [
      ...[...this.live.values()].filter((s) => s.kind === 'interact').map((s) => s.key),
      ...this.opening,
    ]
    await markUnheldSessionsLost(this.db, teamId, this.instanceId, held)
  }

  private async markLost(id: string): Promise<void> {
    if (this.live.has(id) || this.opening.has(id)) return
    await markSessionLost(this.db, id)
  }
}
