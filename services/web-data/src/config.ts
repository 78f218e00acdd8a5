import {
  corsOriginsFromEnv,
  envCredential,
  envInteger,
  envPort,
  MEMORY_DATA_DIR,
  testControlsFromEnv,
} from '@apiplatform/server-kit'
import type { ExtractorConfig } from './extraction/create-extractor.js'

/** Everything a service instance needs to start; `configFromEnv` reads it from the environment. */
export interface ServiceConfig {
  /** Port to listen on; 0 picks a free one. */
  port: number
  /** Host to bind; defaults to 127.0.0.1. */
  hostname?: string
  /** PostgreSQL connection string; wins over `dataDir`. */
  databaseUrl?: string | undefined
  /** PGlite folder; memory when both this and `databaseUrl` are unset (env `DATA_DIR=memory://`). */
  dataDir?: string | undefined
  /**
   * Run PGlite in a worker thread (default true; WEB_DATA_PGLITE_WORKER=0 runs it on the event
   * loop). Its WASM then parses no request's time away: the service's thread keeps fetching and
   * converting pages while the database writes.
   */
  pgliteWorker?: boolean | undefined
  /** PostgreSQL schema, created when missing (env `DATABASE_SCHEMA`; tests isolate themselves in one). */
  databaseSchema?: string | undefined
  /** Bootstrap key, seeded for the bootstrap team. Generated (and reported) when unset. */
  apiKey?: string | undefined
  /** Credits of the bootstrap team when it is created. */
  credits: number
  /** Allow scraping loopback, link-local and private addresses. Off by default. */
  allowPrivateUrls: boolean
  /** Pause between agent steps, in milliseconds. */
  agentStepMs: number
  /** Lease of a claimed job; a crashed worker's job is taken over after it runs out. */
  jobLeaseMs: number
  /** How often an idle worker polls for due jobs. */
  jobPollMs: number
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number
  /** Time to receive a whole request, in ms (408 beyond). Env `WEB_DATA_REQUEST_TIMEOUT_MS`, default 60000. */
  requestTimeoutMs?: number
  /** Run the job worker in this process. */
  worker: boolean
  /** Chromium for actions, screenshots, waitFor and interact (CHROMIUM_PATH; default /usr/bin/chromium). */
  chromiumPath?: string | undefined
  /** Idle time before the kept browser of a scrape closes (WEB_DATA_SCRAPE_SESSION_IDLE_MS; default 300000). */
  scrapeSessionIdleMs?: number | undefined
  /** Most active /v2/interact sessions per team (WEB_DATA_MAX_BROWSER_SESSIONS; default 5). */
  maxBrowserSessionsPerTeam?: number | undefined
  /** Requests per team per minute unless the team's row says otherwise (429 beyond). */
  rateLimitPerMin?: number | undefined
  /** Queued plus running jobs per team unless the team's row says otherwise (429 beyond). */
  maxConcurrentJobs?: number | undefined
  /** HMAC-SHA256 secret of monitor webhooks; defaults to the bootstrap API key. */
  webhookSecret?: string | undefined
  /** Largest `data` of one crawl/batch status response in bytes of JSON (`next` beyond); default 10 MB. */
  resultPageBytes?: number | undefined
  /** How JSON is extracted (scrape `json`, extract, agent); the page-facts extractor when unset. */
  extractor?: ExtractorConfig | undefined
  /** Browser origins allowed by CORS (the docs portal's "try it"), CORS_ORIGINS; default the portal on port 7300. */
  corsOrigins?: string[] | undefined
  /**
   * Test controls (faults, latency, journal, reset, clock; README "Test controls"); off unless set.
   * Over HTTP under `/__controls` with `httpToken`. Env `WEB_DATA_TEST_CONTROLS_TOKEN`, or
   * `--test-controls` (a generated token, printed at start).
   */
  testControls?: { httpToken?: string | undefined; httpTokenGenerated?: boolean } | undefined
}

export const DEFAULTS = {
  port: 7200,
  dataDir: '.data/web-data',
  credits: 100_000,
  agentStepMs: 250,
  jobLeaseMs: 30_000,
  jobPollMs: 250,
  maxBodyBytes: 1_000_000,
} as const

/** The run-time contract of the service: PORT, DATA_DIR, DATABASE_URL, WEB_DATA_* variables. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    port: envPort(env, DEFAULTS.port),
    hostname: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR === MEMORY_DATA_DIR ? undefined : env.DATA_DIR || DEFAULTS.dataDir,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    pgliteWorker: env.WEB_DATA_PGLITE_WORKER !== '0',
    apiKey: envCredential(env, 'WEB_DATA_API_KEY'),
    credits: envInteger(env, 'WEB_DATA_CREDITS', DEFAULTS.credits),
    allowPrivateUrls: env.WEB_DATA_ALLOW_PRIVATE_URLS === '1' || env.WEB_DATA_ALLOW_PRIVATE_URLS === 'true',
    agentStepMs: envInteger(env, 'WEB_DATA_AGENT_STEP_MS', DEFAULTS.agentStepMs),
    jobLeaseMs: envInteger(env, 'WEB_DATA_JOB_LEASE_MS', DEFAULTS.jobLeaseMs),
    jobPollMs: envInteger(env, 'WEB_DATA_JOB_POLL_MS', DEFAULTS.jobPollMs),
    maxBodyBytes: envInteger(env, 'WEB_DATA_MAX_BODY_BYTES', DEFAULTS.maxBodyBytes),
    requestTimeoutMs: envInteger(env, 'WEB_DATA_REQUEST_TIMEOUT_MS', 60_000),
    worker: env.WEB_DATA_WORKER !== '0',
    chromiumPath: env.CHROMIUM_PATH || undefined,
    scrapeSessionIdleMs: envInteger(env, 'WEB_DATA_SCRAPE_SESSION_IDLE_MS', 300_000),
    maxBrowserSessionsPerTeam: envInteger(env, 'WEB_DATA_MAX_BROWSER_SESSIONS', 5),
    resultPageBytes: env.WEB_DATA_RESULT_PAGE_BYTES
      ? envInteger(env, 'WEB_DATA_RESULT_PAGE_BYTES', 10_000_000)
      : undefined,
    rateLimitPerMin: env.WEB_DATA_RATE_LIMIT_PER_MIN
      ? envInteger(env, 'WEB_DATA_RATE_LIMIT_PER_MIN', 0)
      : undefined,
    maxConcurrentJobs: env.WEB_DATA_MAX_CONCURRENT_JOBS
      ? envInteger(env, 'WEB_DATA_MAX_CONCURRENT_JOBS', 0)
      : undefined,
    webhookSecret: env.WEB_DATA_WEBHOOK_SECRET || undefined,
    extractor: extractorFromEnv(env),
    corsOrigins: corsOriginsFromEnv(env.CORS_ORIGINS),
    ...testControlsFromEnv(env.WEB_DATA_TEST_CONTROLS_TOKEN, env.TEST_CONTROLS),
  }
}

/**
 * WEB_DATA_EXTRACTOR: `facts` (default, no network) or `openai` (any OpenAI-compatible endpoint:
 * OPENAI_BASE_URL, OPENAI_API_KEY, WEB_DATA_EXTRACTOR_MODEL, WEB_DATA_EXTRACTOR_TIMEOUT_MS).
 */
export function extractorFromEnv(env: NodeJS.ProcessEnv): ExtractorConfig {
  const kind = env.WEB_DATA_EXTRACTOR || 'facts'
  if (kind === 'facts') return { kind }
  if (kind !== 'openai') throw new Error(`WEB_DATA_EXTRACTOR must be facts or openai, got ${kind}`)
  return {
    kind,
    baseUrl: env.OPENAI_BASE_URL || 'https://api.openai.com/v1',
    apiKey: env.OPENAI_API_KEY || undefined,
    model: env.WEB_DATA_EXTRACTOR_MODEL || 'gpt-4o-mini',
    timeoutMs: envInteger(env, 'WEB_DATA_EXTRACTOR_TIMEOUT_MS', 60_000),
  }
}
