/**
 * The control service as a value: `createService(config)` opens the database, applies the
 * migrations, seeds the demo workspace and the bootstrap root key, starts the job worker and
 * serves the API. Tests start it in-process on port 0 with an in-memory PGlite; `main.ts` starts
 * it from the environment.
 */

import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import {
  type Database,
  JobQueue,
  type Logger,
  openServiceDatabase,
  prepareServiceDatabase,
  type RunningServer,
  serveService,
} from '@apiplatform/server-kit'
import { AnalyticsBuffer } from './analytics/buffer.js'
import { createApp } from './app.js'
import { createCaches } from './caches.js'
import type { ServiceConfig } from './config.js'
import type { Deps } from './deps.js'
import { type DnsResolver, systemDnsResolver } from './domain/dns.js'
import { everyPermission } from './http/auth.js'
import { clientErrorAnswer } from './http/client-errors.js'
import { DEFAULT_REQUEST_RATE_LIMIT, RequestRateLimiter } from './http/request-rate-limit.js'
import { RootKeyCache } from './http/root-key-cache.js'
import { KEY_RATELIMIT_WINDOWS, RatelimitLeases } from './ratelimit/leases.js'
import { openVariableCipher } from './repositories/secrets.js'
import { SEED, seed } from './seed.js'
import { registerOperationWorkflows } from './workflows/operations.js'
import { registerTaskWorkflows } from './workflows/tasks.js'

export { configFromEnv, generateRootKey, type ServiceConfig } from './config.js'
export { SEED } from './seed.js'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url))

export interface RunningService {
  url: string
  port: number
  rootKey: string
  db: Database
  queue: JobQueue
  seeded: typeof SEED | undefined
  deps: Deps
  /** Stops serving, stops the worker (running steps are abandoned, not committed) and closes the database. */
  close(): Promise<void>
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
  const db = config.database ?? (await openServiceDatabase(config))
  const now = () => Date.now()
  let server: RunningServer | undefined
  const queue = new JobQueue(db, { leaseMs: config.jobLeaseMs, pollMs: config.jobPollMs })
  const analytics = new AnalyticsBuffer(db, { flushMs: config.analyticsFlushMs ?? 50 })
  const rootKeys = new RootKeyCache(db, config.authCacheMs ?? 2000)
  const caches = createCaches(config.cacheMs ?? 1000)
  const ratelimits = config.ratelimitLeases === false ? undefined : new RatelimitLeases(db, now)
  const keyRatelimits =
    config.ratelimitLeases === false
      ? undefined
      : new RatelimitLeases(db, now, { table: KEY_RATELIMIT_WINDOWS })
  try {
    await prepareServiceDatabase(db, queue, MIGRATIONS_DIR)
    const variables = await openVariableCipher(db, config.variablesKey ?? process.env.CONTROL_VARIABLES_KEY)
    const dns = config.dnsResolver ?? systemDnsResolver()
    if (config.seed)
      await seed(db, { rootKey: config.rootKey, permissions: everyPermission(), now: now(), variables })
    const deps: Deps = {
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
      requestRateLimiter: new RequestRateLimiter(config.requestRateLimit ?? DEFAULT_REQUEST_RATE_LIMIT),
    }
    registerOperationWorkflows(queue, db, { stepMs: config.workflowStepMs, now })
    registerTaskWorkflows(queue, db, {
      stepMs: config.workflowStepMs,
      now,
      dns: () => dns,
      domainRecheckMs: config.domainRecheckMs ?? 60_000,
      domainBackgroundChecks: 5,
    })
    const app = createApp(deps, {
      ...(config.onUnexpectedError ? { onUnexpectedError: config.onUnexpectedError } : {}),
      ...(config.logger ? { logger: config.logger } : {}),
      corsOrigins: config.corsOrigins,
    })
    server = await serveService(app, config, clientErrorAnswer)
    // The worker's first polls and any jobs left from the last run wait until the port is open:
    // the first request is answered sooner, and a job needs nothing that listening provides.
    queue.start()
    const running = server
    return {
      url: running.url,
      port: running.port,
      rootKey: config.rootKey,
      db,
      queue,
      seeded: config.seed ? SEED : undefined,
      deps,
      async close() {
        await running.close()
        await ratelimits?.close()
        await keyRatelimits?.close()
        await queue.stop()
        await analytics.flush()
        if (ownsDatabase) await db.close()
      },
    }
  } catch (error) {
    await server?.close()
    await ratelimits?.close().catch(() => {})
    await keyRatelimits?.close().catch(() => {})
    await queue.stop()
    await analytics.flush()
    if (ownsDatabase) await db.close().catch(() => {})
    throw error
  }
}
