import { Writable } from 'node:stream'
import { type OpenApiDocument, ResponseValidator, validatingFetch } from '@apiplatform/contract'
import {
  createLogger,
  type Database,
  type FaultyDatabase,
  faultyDatabase,
  type Logger,
  openPreparedTestDatabase,
} from '@apiplatform/server-kit'

export { eventually } from '@apiplatform/server-kit'

import { createWebDataClient } from '@apiplatform/web-data-client'
import { spec } from '@apiplatform/web-data-routes'
import { createTeam, generateKey, type Principal } from '../billing/keys.js'
import type { Scope } from '../billing/scopes.js'
import type { ServiceConfig } from '../config.js'
import { databaseTemplate } from '../database-template.js'
import type { ExtractorConfig } from '../extraction/create-extractor.js'
import { prepareDatabase, type RunningService, startOn } from '../service.js'

/** One validator per test process: compiling the spec is the slow part. */
let validator: ResponseValidator | undefined
export function specValidator(): ResponseValidator {
  validator ??= new ResponseValidator(spec as unknown as OpenApiDocument)
  return validator
}

export interface TestService {
  service: RunningService
  url: string
  /** The bootstrap key (a team with `credits`). */
  apiKey: string
  /** The generated client of the bootstrap team; every response is validated against the spec. */
  client: ReturnType<typeof createWebDataClient>['raw']
  /** A client with another key (`''` sends no Authorization header at all). */
  clientWith(key: string): ReturnType<typeof createWebDataClient>['raw']
  /** A new team with its own key and credits (the key has every scope unless `scopes` is given). */
  newTeam(credits: number, options?: { scopes?: readonly Scope[] }): Promise<Principal & { key: string }>
  stop(): Promise<void>
}

export interface TestServiceOptions {
  kind?: 'pglite' | 'postgres'
  credits?: number
  allowPrivateUrls?: boolean
  agentStepMs?: number
  /** Run the job worker (default true); off keeps runs in `processing`. */
  worker?: boolean
  /** Chromium executable (a missing path simulates a host without a browser: 503). */
  chromiumPath?: string
  /** Most active /v2/interact sessions per team. */
  maxBrowserSessionsPerTeam?: number
  /** Bytes of documents per crawl/batch status response (small values exercise `next`). */
  resultPageBytes?: number
  /** The extractor (WEB_DATA_EXTRACTOR…); the page-facts extractor when unset. */
  extractor?: ExtractorConfig
  /** Requests per team per minute (WEB_DATA_RATE_LIMIT_PER_MIN). */
  rateLimitPerMin?: number
  /** Largest request body in bytes (WEB_DATA_MAX_BODY_BYTES; default 1,000,000). */
  maxBodyBytes?: number
  /** Time to receive a whole request (WEB_DATA_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number
  /**
   * A service of the block's own on a fresh database (`useTestService`), for tests that read
   * state beyond their team (every row of a table) or that the worker's shared service would
   * keep busy; without it the block shares the worker's service of the same options.
   */
  fresh?: boolean
}

/** A test service whose database can be made to fail (`faults.failAll(sqlError('08006'))`). */
export interface FaultyTestService extends TestService {
  faults: FaultyDatabase
  /** The lines the service logged at `error` (unexpected errors, failing databases), parsed. */
  logged: Record<string, unknown>[]
}

/**
 * Starts the service in-process on port 0 over a fresh test database (in-memory PGlite, or a
 * private schema of the PostgreSQL at TEST_DATABASE_URL), with a fast job poll.
 */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  return startOnTestDatabase(await openServiceTestDatabase(options.kind ?? 'pglite'), options)
}

/**
 * A fresh test database with the service's schema: on PGlite a copy of the service's prepared
 * template (its build makes it), else a clone of one migrated per process.
 */
export function openServiceTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  return openPreparedTestDatabase(kind, 'web-data', (db) => prepareDatabase(db), databaseTemplate())
}

/**
 * Like `startTestService`, with the database behind `faultyDatabase` so a test can make every
 * statement fail the way a real database does and see the service's answer. Without a worker
 * (`worker: false` unless given), so that only the request under test meets the failure.
 */
export async function startFaultyTestService(options: TestServiceOptions = {}): Promise<FaultyTestService> {
  const faults = faultyDatabase(await openServiceTestDatabase(options.kind ?? 'pglite'))
  const logged: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line))
      done()
    },
  })
  const logger = createLogger({ level: 'error', destination })
  const t = await startOnTestDatabase(faults, { worker: false, ...options }, logger)
  return { ...t, faults, logged }
}

async function startOnTestDatabase(
  db: Database,
  options: TestServiceOptions,
  // unexpected errors of other tests stay visible in the output
  logger: Logger = createLogger({ fallbackLevel: 'error' }),
): Promise<TestService> {
  const config: ServiceConfig = {
    port: 0,
    apiKey: generateKey(),
    credits: options.credits ?? 100_000,
    allowPrivateUrls: options.allowPrivateUrls ?? true,
    agentStepMs: options.agentStepMs ?? 0,
    jobLeaseMs: 5_000,
    jobPollMs: 25,
    maxBodyBytes: options.maxBodyBytes ?? 1_000_000,
    worker: options.worker ?? true,
    ...(options.chromiumPath !== undefined ? { chromiumPath: options.chromiumPath } : {}),
    ...(options.maxBrowserSessionsPerTeam !== undefined
      ? { maxBrowserSessionsPerTeam: options.maxBrowserSessionsPerTeam }
      : {}),
    ...(options.resultPageBytes ? { resultPageBytes: options.resultPageBytes } : {}),
    ...(options.extractor ? { extractor: options.extractor } : {}),
    ...(options.rateLimitPerMin !== undefined ? { rateLimitPerMin: options.rateLimitPerMin } : {}),
    ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  }
  const service = await startOn(db, config, () => db.close(), { logger })
  const clientWith = (key: string) => {
    const inner: typeof fetch = (input, init) => {
      const request = new Request(input, init)
      if (key === '') request.headers.delete('authorization')
      return fetch(request)
    }
    return createWebDataClient({
      baseUrl: service.url,
      apiKey: key || 'unused',
      fetch: validatingFetch(specValidator(), inner),
      retry: false,
    }).raw
  }
  return {
    service,
    url: service.url,
    apiKey: service.apiKey,
    client: clientWith(service.apiKey),
    clientWith,
    newTeam: async (credits, teamOptions = {}) => {
      const key = generateKey()
      const principal = await db.transaction((tx) =>
        createTeam(tx, {
          name: 'test team',
          credits,
          key,
          ...(teamOptions.scopes ? { scopes: teamOptions.scopes } : {}),
        }),
      )
      return { ...principal, key }
    },
    stop: () => service.stop(),
  }
}
