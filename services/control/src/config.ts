import {
  corsOriginsFromEnv,
  envCredential,
  envInteger,
  envPort,
  MEMORY_DATA_DIR,
  randomToken,
  testControlsFromEnv,
} from '@apiplatform/server-kit'
import { generateEncryptionKey, parseEncryptionKey } from './domain/key-secrets.js'
import { DEFAULT_REQUEST_RATE_LIMIT, type RequestRateLimitSettings } from './http/request-rate-limit.js'

/** Settings of the service. `fromEnv` reads the run-time contract's environment variables. */
export interface ServiceConfig {
  /** TCP port; 0 picks a free one. Env `PORT`, default 7100. */
  port: number
  /** Hostname to listen on. Env `HOST`, default 127.0.0.1. */
  hostname?: string
  /** Folder of the embedded PGlite database; in memory when undefined. Env `DATA_DIR` (`memory://`: in memory), default `.data/control`. */
  dataDir?: string
  /** PostgreSQL URL; wins over `dataDir`. Env `DATABASE_URL`. */
  databaseUrl?: string
  /** PostgreSQL schema (created when missing). Env `DATABASE_SCHEMA`; default the server's search path. */
  databaseSchema?: string
  /** An already opened database (tests); wins over `dataDir` and `databaseUrl`. */
  database?: import('@apiplatform/server-kit').Database
  /** The bootstrap root key. Env `CONTROL_ROOT_KEY`; generated when unset. */
  rootKey: string
  rootKeyGenerated: boolean
  /** Key that encrypts recoverable API keys (32 bytes). Env `CONTROL_ENCRYPTION_KEY`; generated when unset. */
  encryptionKey?: Buffer
  encryptionKeyGenerated?: boolean
  /** Printable form of a generated `encryptionKey` (base64), to set as CONTROL_ENCRYPTION_KEY. */
  encryptionKeyText?: string
  /** How long each step of a workflow takes, in ms. Env `CONTROL_WORKFLOW_STEP_MS`, default 250. */
  workflowStepMs: number
  /** Lease of a claimed job, in ms. Env `CONTROL_JOB_LEASE_MS`, default 30000. */
  jobLeaseMs: number
  /** How often an idle worker polls, in ms. Env `CONTROL_JOB_POLL_MS`, default 200. */
  jobPollMs: number
  /** Seed the demo workspace (default true). Env `CONTROL_SEED=0` disables it. */
  seed: boolean
  /** How long a root-key lookup is trusted, in ms (0: not cached). Env `CONTROL_AUTH_CACHE_MS`, default 2000. */
  authCacheMs?: number
  /** Longest wait of a buffered analytics row, in ms (0: written at once). Env `CONTROL_ANALYTICS_FLUSH_MS`, default 50. */
  analyticsFlushMs?: number
  /** How long hot-path caches (key snapshots, namespaces, overrides) trust a read, in ms. Env `CONTROL_CACHE_MS`, default 1000. */
  cacheMs?: number
  /** Lease rate-limit permits in batches (default true). Env `CONTROL_RATELIMIT_LEASES=0` decides every request in the database. */
  ratelimitLeases?: boolean
  /** Embedded PGlite in a worker thread (default true). Env `CONTROL_PGLITE_WORKER=0` runs it on the event loop. */
  pgliteWorker?: boolean
  /** How long a call to the PGlite worker may wait before the request answers 503, in ms. Env `CONTROL_DB_TIMEOUT_MS`, default 10000. */
  databaseTimeoutMs?: number
  /** Base URL of the customer portal in session URLs. Env `CONTROL_PORTAL_URL`. */
  portalUrl?: string
  /** Requests per workspace per window (429 beyond). Env `CONTROL_REQUEST_RATE_LIMIT` (0 disables), `CONTROL_REQUEST_RATE_WINDOW_MS`. */
  requestRateLimit?: RequestRateLimitSettings
  /** Browser origins allowed by CORS (the docs portal's "try it"). Env `CORS_ORIGINS`; default the portal on port 7300. */
  corsOrigins?: string[]
  /** Time to receive a whole request, in ms (400 beyond). Env `CONTROL_REQUEST_TIMEOUT_MS`, default 60000. */
  requestTimeoutMs?: number
  /**
   * Test controls (faults, latency, journal, reset, clock; README "Test controls"); off unless set.
   * Over HTTP under `/__controls` with `httpToken`. Env `CONTROL_TEST_CONTROLS_TOKEN`, or
   * `--test-controls` (a generated token, printed at start).
   */
  testControls?: { httpToken?: string | undefined; httpTokenGenerated?: boolean }
}

export function generateRootKey(): string {
  return `ck_${randomToken(32)}`
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const rootKey = envCredential(env, 'CONTROL_ROOT_KEY')
  const encryptionKeyText = env.CONTROL_ENCRYPTION_KEY?.trim() || generateEncryptionKey()
  return {
    port: envPort(env, 7100),
    hostname: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR === MEMORY_DATA_DIR ? undefined : env.DATA_DIR || '.data/control',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    rootKey: rootKey || generateRootKey(),
    rootKeyGenerated: !rootKey,
    workflowStepMs: envInteger(env, 'CONTROL_WORKFLOW_STEP_MS', 250),
    jobLeaseMs: envInteger(env, 'CONTROL_JOB_LEASE_MS', 30_000),
    jobPollMs: envInteger(env, 'CONTROL_JOB_POLL_MS', 200),
    seed: env.CONTROL_SEED !== '0',
    authCacheMs: envInteger(env, 'CONTROL_AUTH_CACHE_MS', 2000),
    analyticsFlushMs: envInteger(env, 'CONTROL_ANALYTICS_FLUSH_MS', 50),
    cacheMs: envInteger(env, 'CONTROL_CACHE_MS', 1000),
    ratelimitLeases: env.CONTROL_RATELIMIT_LEASES !== '0',
    pgliteWorker: env.CONTROL_PGLITE_WORKER !== '0',
    databaseTimeoutMs: envInteger(env, 'CONTROL_DB_TIMEOUT_MS', 10_000),
    requestRateLimit: {
      limit: envInteger(env, 'CONTROL_REQUEST_RATE_LIMIT', DEFAULT_REQUEST_RATE_LIMIT.limit),
      windowMs: envInteger(env, 'CONTROL_REQUEST_RATE_WINDOW_MS', DEFAULT_REQUEST_RATE_LIMIT.windowMs),
    },
    ...(env.CONTROL_PORTAL_URL ? { portalUrl: env.CONTROL_PORTAL_URL } : {}),
    encryptionKey: parseEncryptionKey(encryptionKeyText),
    encryptionKeyGenerated: !env.CONTROL_ENCRYPTION_KEY?.trim(),
    encryptionKeyText,
    corsOrigins: corsOriginsFromEnv(env.CORS_ORIGINS),
    requestTimeoutMs: envInteger(env, 'CONTROL_REQUEST_TIMEOUT_MS', 60_000),
    ...testControlsFromEnv(env.CONTROL_TEST_CONTROLS_TOKEN, env.TEST_CONTROLS),
  }
}
