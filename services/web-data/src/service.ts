import { fileURLToPath } from 'node:url'
import {
  type Database,
  JobQueue,
  type Logger,
  openServiceDatabase,
  prepareServiceDatabase,
  serveService,
} from '@apiplatform/server-kit'
import { agentRunner } from './agent/runner.js'
import { AGENT_QUEUE } from './agent/runs.js'
import { createApp } from './app.js'
import { generateKey, seedBootstrapKey } from './billing/keys.js'
import { createBrowsers } from './browser/runtime.js'
import type { ServiceConfig } from './config.js'
import { crawlRunner } from './crawl/runner.js'
import { CRAWL_QUEUE } from './crawl/store.js'
import { createExtractor } from './extraction/create-extractor.js'
import { extractRunner } from './extraction/runner.js'
import { EXTRACT_QUEUE } from './extraction/store.js'
import { clientErrorAnswer } from './http/client-errors.js'
import { registerMonitorWorkers } from './monitor/runner.js'
import { startSearchIndexer } from './search/indexer.js'
import { WEBHOOK_QUEUE } from './webhooks/outbox.js'
import { webhookRunner } from './webhooks/runner.js'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url))

export interface Service {
  /** Base URL, e.g. `http://127.0.0.1:7200`. */
  url: string
  port: number
  /** The bootstrap key (the configured one, or a generated one). */
  apiKey: string
  /** Whether `apiKey` was generated because none was configured. */
  generatedKey: boolean
  db: Database
  queue: JobQueue
  /** Stops accepting requests, lets the worker finish its step, closes the database. */
  stop(): Promise<void>
}

/**
 * Starts the service: opens the database (PGlite in `dataDir`, or PostgreSQL), applies the
 * migrations, seeds the bootstrap key, starts the job worker and listens on `port`.
 */
export interface ServiceOptions {
  /** One line per request, and unexpected errors with their request id; default: none. */
  logger?: Logger
}

export async function createService(config: ServiceConfig, options: ServiceOptions = {}): Promise<Service> {
  const db = await openServiceDatabase(config)
  try {
    return await startOn(db, config, async () => db.close(), options)
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
}

/** The service's schema: the job queue's tables, then the migrations (both idempotent). */
export function prepareDatabase(db: Database, queue = new JobQueue(db)): Promise<void> {
  return prepareServiceDatabase(db, queue, MIGRATIONS_DIR)
}

/** Like `createService`, on a database the caller opened (and closes: `onStop` runs last). */
export async function startOn(
  db: Database,
  config: ServiceConfig,
  onStop: () => Promise<void> = async () => {},
  options: ServiceOptions = {},
): Promise<Service> {
  const queue = new JobQueue(db, {
    leaseMs: config.jobLeaseMs,
    pollMs: config.jobPollMs,
    retryDelayMs: (attempt) => Math.min(10_000, 200 * 2 ** attempt),
  })
  await prepareDatabase(db, queue)
  const apiKey = config.apiKey ?? generateKey()
  await seedBootstrapKey(db, apiKey, config.credits)
  const extractor = createExtractor(config.extractor)
  queue.work(
    AGENT_QUEUE,
    agentRunner({
      db,
      queue,
      allowPrivateUrls: config.allowPrivateUrls,
      stepMs: config.agentStepMs,
      extractor,
    }),
    {
      concurrency: 4,
    },
  )
  registerMonitorWorkers({
    db,
    queue,
    allowPrivateUrls: config.allowPrivateUrls,
    webhookSecret: config.webhookSecret ?? apiKey,
  })
  queue.work(
    CRAWL_QUEUE,
    crawlRunner({
      db,
      queue,
      allowPrivateUrls: config.allowPrivateUrls,
      workerId: () => queue.workerId,
      extractor,
    }),
    { concurrency: 4 },
  )
  queue.work(
    WEBHOOK_QUEUE,
    webhookRunner({ db, allowPrivateUrls: config.allowPrivateUrls, secret: config.webhookSecret ?? apiKey }),
    { concurrency: 4 },
  )
  queue.work(EXTRACT_QUEUE, extractRunner({ db, allowPrivateUrls: config.allowPrivateUrls, extractor }), {
    concurrency: 4,
  })
  const browsers = createBrowsers(db, config)
  const app = createApp({
    db,
    queue,
    config,
    browsers,
    extractor,
    ...(options.logger ? { logger: options.logger } : {}),
  })
  const server = await serveService(app, config, clientErrorAnswer).catch(async (error: unknown) => {
    await browsers.close().catch(() => {})
    throw error
  })
  if (config.worker) queue.start()
  const indexer = startSearchIndexer(db)
  let stopping: Promise<void> | undefined
  return {
    url: server.url,
    port: server.port,
    apiKey,
    generatedKey: config.apiKey === undefined,
    db,
    queue,
    stop: () => {
      stopping ??= (async () => {
        await server.close()
        await queue.stop()
        await indexer.stop()
        await browsers.close()
        await onStop()
      })()
      return stopping
    },
  }
}
