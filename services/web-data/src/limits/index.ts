import { randomUUID } from 'node:crypto'
import { type Database, type Sql, TtlCache } from '@apiplatform/server-kit'
import type { OperationId } from '@apiplatform/web-data-routes'
import type { MiddlewareHandler } from 'hono'
import { withKey } from '../billing/context.js'
import type { Deps } from '../deps.js'
import { Errors } from '../errors.js'
import { documents } from '../http/documented.js'
import type { ServiceEnv } from '../http/env.js'
import { errorBody } from './errors.js'

/** Defaults when neither the environment nor the team's row sets a limit. */
export const LIMIT_DEFAULTS = {
  /** Requests per team per minute (WEB_DATA_RATE_LIMIT_PER_MIN). */
  rateLimitPerMin: 3000,
  /** Queued plus running jobs per team (WEB_DATA_MAX_CONCURRENT_JOBS). */
  maxConcurrentJobs: 50,
} as const

/** Operations that start background work, refused with 429 `Concurrency limit reached` at the limit. */
export const JOB_STARTING_OPERATIONS = new Set<OperationId>([
  'startAgent',
  'crawlUrls',
  'scrapeAndExtractFromUrls',
  'extractData',
  'runMonitor',
  'createBrowserSession',
  'createBrowser',
])

/** The `endpoint` of GET /v2/team/activity that a successful call of an operation records. */
export const ACTIVITY_ENDPOINTS: Partial<Record<OperationId, ActivityEndpoint>> = {
  // scrapeAndExtractFromUrl ('scrape') writes its row in its own commit statement (hot path).
  scrapeAndExtractFromUrls: 'batch_scrape',
  searchAndScrape: 'search',
  mapUrls: 'map',
  crawlUrls: 'crawl',
  extractData: 'extract',
  startAgent: 'agent',
  createBrowserSession: 'browser',
  createBrowser: 'browser',
  interactWithScrapeBrowserSession: 'interact',
}

export type ActivityEndpoint =
  | 'scrape'
  | 'crawl'
  | 'batch_scrape'
  | 'search'
  | 'extract'
  | 'llmstxt'
  | 'deep_research'
  | 'map'
  | 'agent'
  | 'browser'
  | 'interact'

interface TeamLimits {
  rateLimitPerMin: number
  maxConcurrentJobs: number
  /**
   * Whether the team's billing is configured: it has been granted credits at some point. Without
   * it every operation that documents 402 is refused, reads included.
   */
  billingConfigured: boolean
  /** The team's balance when the request arrived. */
  creditsRemaining: number
}

interface TeamRow {
  rate_limit_per_min: number | null
  max_concurrent_jobs: number | null
  billing_configured: boolean | null
  credits_remaining: number | string | null
}

/**
 * A team's billing is configured once credits were granted to it (`createTeam` sets the flag with
 * the ledger's `grant` row). Read with the team's limits, as is its balance: an operation's own
 * check of what it costs needs no statement of its own (the charge stays the authority).
 */
const TEAM_COLUMNS = 't.rate_limit_per_min, t.max_concurrent_jobs, t.billing_configured, t.credits_remaining'

function limitsOf(row: TeamRow | undefined, deps: Deps): TeamLimits {
  return {
    rateLimitPerMin: row?.rate_limit_per_min ?? deps.config.rateLimitPerMin ?? LIMIT_DEFAULTS.rateLimitPerMin,
    maxConcurrentJobs:
      row?.max_concurrent_jobs ?? deps.config.maxConcurrentJobs ?? LIMIT_DEFAULTS.maxConcurrentJobs,
    billingConfigured: row?.billing_configured === true,
    creditsRemaining: Number(row?.credits_remaining ?? 0),
  }
}

async function teamLimits(sql: Sql, teamId: string, deps: Deps): Promise<TeamLimits> {
  const rows = await sql.query<TeamRow>(`SELECT ${TEAM_COLUMNS} FROM teams t WHERE id = $1`, [teamId])
  return limitsOf(rows[0], deps)
}

/**
 * How long embedded PGlite's single instance trusts a team's row when metering a request. Limits
 * and the billing flag change by hand, if ever; the balance read here is only a pre-check (the
 * charge is the authority), so a second of staleness costs nothing but a refused charge. It keeps
 * metering off the database, which then has the time between requests for the search indexer.
 */
const TEAM_ROW_TTL_MS = 1000
const teamRows = new WeakMap<Database, TtlCache<TeamLimits>>()

function cachedTeamLimits(deps: Deps, teamId: string): Promise<TeamLimits> {
  let cache = teamRows.get(deps.db)
  if (!cache) {
    cache = new TtlCache<TeamLimits>(TEAM_ROW_TTL_MS, deps.now)
    teamRows.set(deps.db, cache)
  }
  return cache.get(teamId, () => teamLimits(deps.db, teamId, deps))
}

/**
 * Jobs of a team that are running or due (`waiting`). A job belongs to a team when its payload
 * carries `teamId`, or names an agent run (`runId`) or a crawl/batch (`crawlId`) of the team.
 */
export async function teamJobCounts(
  sql: Sql,
  teamId: string,
): Promise<{ active: number; waiting: number; mostRecentSuccess: Date | null }> {
  const rows = await sql.query<{ active: string | number; waiting: string | number; last_done: Date | null }>(
    `SELECT count(*) FILTER (WHERE j.status = 'running') AS active,
            count(*) FILTER (WHERE j.status = 'pending' AND j.run_at <= now()) AS waiting,
            max(j.finished_at) FILTER (WHERE j.status = 'done') AS last_done
     FROM jobs j
     WHERE j.payload->>'teamId' = $1
        OR j.payload->>'runId' IN (SELECT id::text FROM agent_runs WHERE team_id = $1)
        OR j.payload->>'crawlId' IN (SELECT id::text FROM crawls WHERE team_id = $1)`,
    [teamId],
  )
  const row = rows[0]
  return {
    active: Number(row?.active ?? 0),
    waiting: Number(row?.waiting ?? 0),
    mostRecentSuccess: row?.last_done ? new Date(row.last_done) : null,
  }
}

/**
 * Per-minute request windows kept in memory, for embedded PGlite only: a PGlite database belongs
 * to one process, so the process sees every request the database would count, and the upsert of
 * `rate_limit_windows` (the most expensive statement of every request there) is saved. Keyed by
 * database, in case one process runs several services on one database. A restart starts the
 * current window afresh. On PostgreSQL, which several instances share, the window stays in the
 * database.
 */
const localWindows = new WeakMap<Database, Map<string, { start: number; requests: number }>>()

/** Forgets the windows and cached limits of `db` (the test controls' reset restored its rows). */
export function forgetMetering(db: Database): void {
  localWindows.delete(db)
  teamRows.delete(db)
}

function takeLocalRequest(
  db: Database,
  teamId: string,
  limit: number,
  clock: () => number = Date.now,
): number | undefined {
  let windows = localWindows.get(db)
  if (!windows) {
    windows = new Map()
    localWindows.set(db, windows)
  }
  const now = clock()
  const start = now - (now % 60_000)
  let window = windows.get(teamId)
  if (!window || window.start !== start) {
    window = { start, requests: 0 }
    windows.set(teamId, window)
  }
  window.requests++
  if (window.requests <= limit) return undefined
  return Math.max(1, Math.ceil((start + 60_000 - now) / 1000))
}

/**
 * Reads the team's limits and counts the request in its window: on PostgreSQL in one statement
 * (the hot path of every request), on PGlite with the window in memory (`takeLocalRequest`).
 */
async function meterRequest(
  deps: Deps,
  teamId: string,
): Promise<{ limits: TeamLimits; retryAfter: number | undefined }> {
  if (deps.db.kind === 'pglite') {
    const limits = await cachedTeamLimits(deps, teamId)
    return { limits, retryAfter: takeLocalRequest(deps.db, teamId, limits.rateLimitPerMin, deps.now) }
  }
  const rows = await deps.db.query<TeamRow & { requests: number; retry_after: number | string }>(
    `WITH w AS (
       INSERT INTO rate_limit_windows (team_id, window_start, requests)
       VALUES ($1, date_trunc('minute', now()), 1)
       ON CONFLICT (team_id, window_start) DO UPDATE SET requests = rate_limit_windows.requests + 1
       RETURNING requests, ceil(extract(epoch FROM (window_start + interval '1 minute' - now()))) AS retry_after)
     SELECT w.requests, w.retry_after, ${TEAM_COLUMNS}
     FROM w LEFT JOIN teams t ON t.id = $1`,
    [teamId],
  )
  const row = rows[0]
  const limits = limitsOf(row, deps)
  if (!row) return { limits, retryAfter: undefined }
  if (row.requests === 1) {
    // First request of a window: old windows are of no use any more.
    await deps.db.query(
      `DELETE FROM rate_limit_windows WHERE team_id = $1 AND window_start < date_trunc('minute', now())`,
      [teamId],
    )
  }
  const retryAfter = row.requests <= limits.rateLimitPerMin ? undefined : Math.max(1, Number(row.retry_after))
  return { limits, retryAfter }
}

/** The team's effective concurrent-job limit. */
export async function maxConcurrency(deps: Deps, teamId: string): Promise<number> {
  return (await teamLimits(deps.db, teamId, deps)).maxConcurrentJobs
}

/**
 * Metering for every operation, run right after authentication: the per-minute rate limit
 * (429 `Rate limit exceeded` with `Retry-After`), 402 `Payment Required: Insufficient credits`
 * for every operation that documents it while the team's billing is not configured (what an
 * operation costs is checked by the operation itself), the concurrent-job limit for operations that
 * start background work (429 `Concurrency limit reached`), the key context of the credit ledger,
 * and the activity log of successful calls.
 */
export function limitsMiddleware(deps: Deps): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    const principal = c.get('principal')
    const operation = c.get('operationId')
    const { limits, retryAfter } = await meterRequest(deps, principal.teamId)
    if (retryAfter !== undefined) {
      return c.json(errorBody(Errors.rateLimited), 429, { 'Retry-After': String(retryAfter) })
    }
    if (!limits.billingConfigured && documents(operation, 402)) {
      return c.json(errorBody(Errors.paymentRequired), 402)
    }
    if (JOB_STARTING_OPERATIONS.has(operation)) {
      const jobs = await teamJobCounts(deps.db, principal.teamId)
      if (jobs.active + jobs.waiting >= limits.maxConcurrentJobs) {
        return c.json(errorBody(Errors.concurrencyLimited), 429, { 'Retry-After': '5' })
      }
    }
    c.set('teamCredits', limits.creditsRemaining)
    await withKey(principal.keyId, next)
    const endpoint = ACTIVITY_ENDPOINTS[operation]
    if (endpoint && c.res.status < 400) {
      await recordActivity(
        deps.db,
        principal.teamId,
        principal.keyId,
        endpoint,
        await activityTarget(() => c.req.json()),
      )
    }
  }
}

async function activityTarget(readJson: () => Promise<unknown>): Promise<string | null> {
  try {
    const body = (await readJson()) as Record<string, unknown>
    for (const key of ['url', 'query', 'prompt']) {
      if (typeof body[key] === 'string') return (body[key] as string).slice(0, 2000)
    }
    if (Array.isArray(body.urls) && typeof body.urls[0] === 'string') return body.urls[0]
  } catch {
    // no JSON body
  }
  return null
}

export async function recordActivity(
  sql: Sql,
  teamId: string,
  keyId: string | null,
  endpoint: ActivityEndpoint,
  target: string | null,
): Promise<void> {
  await sql.query(
    'INSERT INTO team_activity (id, team_id, key_id, endpoint, target) VALUES ($1, $2, $3, $4, $5)',
    [randomUUID(), teamId, keyId, endpoint, target],
  )
}

/** The team's activity rows newest first, before the sequence number `before` (a cursor's). */
export function listActivity(
  sql: Sql,
  teamId: string,
  page: { endpoint: ActivityEndpoint | undefined; before: string | null; limit: number },
) {
  return sql.query<{
    id: string
    seq: string | number
    endpoint: ActivityEndpoint
    created_at: Date
    target: string | null
  }>(
    `SELECT id, seq, endpoint, created_at, target FROM team_activity
     WHERE team_id = $1 AND ($2::text IS NULL OR endpoint = $2) AND ($3::bigint IS NULL OR seq < $3::bigint)
     ORDER BY seq DESC LIMIT $4`,
    [teamId, page.endpoint ?? null, page.before, page.limit],
  )
}
