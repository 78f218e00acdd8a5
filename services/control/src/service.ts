/**
 * The control service as a value: `createService(config)` opens the database, applies the
 * migrations, seeds the demo workspace and the bootstrap root key, starts the job worker and
 * serves the API. Tests start it in-process on port 0 with an in-memory PGlite; `main.ts` starts
 * it from the environment.
 */

import { randomBytes } from 'node:crypto'
import {
  clockedDatabase,
  type Database,
  isCopyOf,
  JobQueue,
  type Logger,
  openServiceDatabase,
  type PreparedTemplate,
  prepareServiceDatabase,
  type RunningServer,
  serveService,
  TestClock,
  type TestControls,
} from '@apiplatform/server-kit'
import { everyPermission } from './access/authorize.js'
import { AnalyticsBuffer } from './analytics/buffer.js'
import { type AppDeps, buildControlApp, loadBundledSpec } from './app.js'
import { createCaches } from './caches.js'
import type { ServiceConfig } from './config.js'
import { databaseTemplate, MIGRATIONS_DIR } from './database-template.js'
import { type DnsResolver, systemDnsResolver } from './domain/dns.js'
import { VariableCipher } from './domain/secrets.js'
import { clientErrorAnswer } from './http/client-errors.js'
import { DEFAULT_REQUEST_RATE_LIMIT, RequestRateLimiter } from './http/request-rate-limit.js'
import { RootKeyCache } from './http/root-key-cache.js'
import { KEY_RATELIMIT_WINDOWS, RatelimitLeases } from './ratelimit/leases.js'
import { generateVariablesKey, openVariableCipher } from './repositories/secrets.js'
import { SEED, seed, seedInstance } from './seed.js'
import { type ControlTestControls, controlTestControls } from './test-controls.js'
import { registerOperationWorkflows } from './workflows/operations.js'
import { registerTaskWorkflows } from './workflows/tasks.js'

export { configFromEnv, generateRootKey, type ServiceConfig } from './config.js'
export { MIGRATIONS_DIR } from './database-template.js'
export { SEED } from './seed.js'

export interface RunningService {
  url: string
  port: number
  rootKey: string
  db: Database
  queue: JobQueue
  seeded: typeof SEED | undefined
  /**
   * The database is a copy of the prepared template (database-template.ts): the migrations and the
   * demo data came with it, and only the root key and the variables were written by this start.
   */
  fromTemplate: boolean
  deps: AppDeps
  /** The test controls, with `testControls` only. */
  controls?: TestControls
  /** Takes the state a reset of the controls goes back to again (after the start's seed requests). */
  captureSeededState?: () => Promise<void>
  /** Stops serving, stops the worker (running steps are abandoned, not committed) and closes the database. */
  stop(): Promise<void>
}

export type CreateServiceOptions = Partial<ServiceConfig> &
  Pick<ServiceConfig, 'rootKey'> & {
    /** DNS resolver of domain verification; default `systemDnsResolver()`. Tests inject a fake. */
    dnsResolver?: DnsResolver
    /** Key of environment variable values; default env `CONTROL_VARIABLES_KEY`, else one stored in the database. */
    variablesKey?: string
    /** Delay of a new domain's first background DNS check (doubles per retry); default 60000. */
    domainRecheckMs?: number
    /** Receives every exception answered with a 500 instead of the log (tests). */
    onUnexpectedError?: (error: unknown) => void
    /** One line per request, and unexpected errors with their request id; default: none. */
    logger?: Logger
    /**
     * The prepared template a new in-memory database copies (with the demo data only): default
     * `databaseTemplate()`; `false` migrates and seeds a new database instead (tests).
     */
    template?: PreparedTemplate | false
  }

export async function createService(options: CreateServiceOptions): Promise<RunningService> {
  const config = {
    port: 0,
    workflowStepMs: 0,
    jobLeaseMs: 30_000,
    jobPollMs: 50,
    seed: true,
    rootKeyGenerated: false,
    ...options,
  }
  const ownsDatabase = !config.database
  // The template holds the demo data: a start without it makes a new database. A new PGlite
  // database, in memory or in a new DATA_DIR, can be a copy (server-kit ignores it for PostgreSQL
  // and for a folder that holds a database already).
  const mayCopy = config.database ? config.database.template !== undefined : !config.databaseUrl
  const template =
    !config.seed || config.template === false || !mayCopy
      ? undefined
      : (config.template ?? databaseTemplate())
  const opened = config.database ?? (await openServiceDatabase({ ...config, template }))
  // With test controls every "now", JavaScript's and SQL's, is read from one clock they can move.
  const clock = config.testControls ? new TestClock() : undefined
  const db = clock ? clockedDatabase(opened, clock) : opened
  const fromTemplate = isCopyOf(db, template)
  const now = clock ? clock.now : () => Date.now()
  let server: RunningServer | undefined
  const queue = new JobQueue(db, {
    leaseMs: config.jobLeaseMs,
    pollMs: config.jobPollMs,
    ...(config.logger ? { logger: config.logger } : {}),
  })
  const analytics = new AnalyticsBuffer(db, { flushMs: config.analyticsFlushMs ?? 50 })
  const rootKeys = new RootKeyCache(db, config.authCacheMs ?? 2000, now)
  const caches = createCaches(config.cacheMs ?? 1000, now)
  const ratelimits = config.ratelimitLeases === false ? undefined : new RatelimitLeases(db, now)
  const keyRatelimits =
    config.ratelimitLeases === false
      ? undefined
      : new RatelimitLeases(db, now, { table: KEY_RATELIMIT_WINDOWS })
  let seeding: Promise<void> = Promise.resolve()
  try {
    const configuredVariablesKey = config.variablesKey ?? process.env.CONTROL_VARIABLES_KEY
    // A copy of the template this start just made holds no key of variable values: this
    // instance's is made here, and stored with the root key and the variables it encrypts.
    const newVariablesKey =
      fromTemplate && ownsDatabase && !configuredVariablesKey ? generateVariablesKey() : undefined
    if (!fromTemplate) await prepareServiceDatabase(db, queue, MIGRATIONS_DIR)
    const variables = newVariablesKey
      ? new VariableCipher(newVariablesKey)
      : await openVariableCipher(db, configuredVariablesKey)
    if (config.seed) {
      const instance = { rootKey: config.rootKey, permissions: everyPermission(), now: now(), variables }
      // Seeded in the database's thread while this one builds the app; awaited before listening.
      seeding = fromTemplate
        ? seedInstance(db, { ...instance, variablesKey: newVariablesKey })
        : seed(db, instance)
      seeding.catch(() => {})
    }
    const dns = config.dnsResolver ?? systemDnsResolver()
    const deps: AppDeps = {
      db,
      queue,
      now,
      encryptionKey: config.encryptionKey ?? randomBytes(32),
      dns,
      variables,
      analytics,
      rootKeys,
      caches,
      ...(ratelimits ? { ratelimits } : {}),
      ...(keyRatelimits ? { keyRatelimits } : {}),
      ...(config.portalUrl ? { portal: { baseUrl: config.portalUrl } } : {}),
      requestRateLimiter: new RequestRateLimiter(config.requestRateLimit ?? DEFAULT_REQUEST_RATE_LIMIT, now),
    }
    const controlled: ControlTestControls | undefined = clock
      ? controlTestControls({
          clock,
          spec: loadBundledSpec(),
          httpToken: config.testControls?.httpToken,
          db,
          queue,
          deps: () => deps,
        })
      : undefined
    registerOperationWorkflows(queue, db, { stepMs: config.workflowStepMs, now })
    registerTaskWorkflows(queue, db, {
      stepMs: config.workflowStepMs,
      now,
      dns: () => dns,
      domainRecheckMs: config.domainRecheckMs ?? 60_000,
      domainBackgroundChecks: 5,
    })
    const app = buildControlApp(deps, {
      ...(config.onUnexpectedError ? { onUnexpectedError: config.onUnexpectedError } : {}),
      ...(config.logger ? { logger: config.logger } : {}),
      corsOrigins: config.corsOrigins,
      testControls: controlled?.runtime,
    })
    await seeding
    server = await serveService(app, config, clientErrorAnswer, config.logger)
    // The worker's first polls and any jobs left from the last run wait until the port is open:
    // the first request is answered sooner, and a job needs nothing that listening provides.
    queue.start()
    await controlled?.seeded.capture()
    const running = server
    return {
      url: running.url,
      port: running.port,
      rootKey: config.rootKey,
      db,
      queue,
      seeded: config.seed ? SEED : undefined,
      fromTemplate,
      deps,
      ...(controlled
        ? { controls: controlled.runtime.controls, captureSeededState: () => controlled.seeded.capture() }
        : {}),
      async stop() {
        await running.close()
        await ratelimits?.close()
        await keyRatelimits?.close()
        await queue.stop()
        await analytics.flush()
        if (ownsDatabase) await db.close()
      },
    }
  } catch (error) {
    await seeding.catch(() => {})
    await server?.close()
    await ratelimits?.close().catch(() => {})
    await keyRatelimits?.close().catch(() => {})
    await queue.stop()
    await analytics.flush()
    if (ownsDatabase) await db.close().catch(() => {})
    throw error
  }
}
