import {
  clockedDatabase,
  type Database,
  JobQueue,
  type Logger,
  openServiceDatabase,
  serveService,
  TestClock,
  type TestControls,
} from '@apiplatform/server-kit'
import { agentRunner } from './agent/runner.js'
import { AGENT_QUEUE } from './agent/runs.js'
import { buildWebDataApp } from './app.js'
import { generateKey, seedBootstrapKey } from './billing/keys.js'
import type { ServiceConfig } from './config.js'
import { finishedPageDocuments } from './crawl/page-store.js'
import { crawlRunner } from './crawl/runner.js'
import { CRAWL_QUEUE } from './crawl/store.js'
import { urlKey } from './crawl/urls.js'
import { databaseTemplate, isTemplateCopy, prepareDatabase } from './database-template.js'
import { createExtractor } from './extraction/create-extractor.js'
import { extractRunner } from './extraction/runner.js'
import { EXTRACT_QUEUE } from './extraction/store.js'
import { clientErrorAnswer } from './http/client-errors.js'
import { createBrowsers } from './interact/browsers.js'
import { mapSite } from './map/map.js'
import { registerMonitorWorkers } from './monitor/runner.js'
import { pagesRecorded, startSearchIndexer } from './search/indexer.js'
import { webDataTestControls } from './test-controls.js'
import { WEBHOOK_QUEUE } from './webhooks/outbox.js'
import { webhookRunner } from './webhooks/runner.js'

export { MIGRATIONS_DIR, prepareDatabase } from './database-template.js'

export interface RunningService {
  /** Base URL, e.g. `http://127.0.0.1:7200`. */
  url: string
  port: number
  /** The bootstrap key (the configured one, or a generated one). */
  apiKey: string
  /** Whether `apiKey` was generated because none was configured. */
  generatedKey: boolean
  db: Database
  queue: JobQueue
  /**
   * The database is a copy of the prepared template (database-template.ts): the job queue's table
   * and the migrations came with it, and only the bootstrap key was written by this start.
   */
  fromTemplate: boolean
  /** The test controls, with `config.testControls` only. */
  controls?: TestControls
  /** Takes the state a reset of the controls goes back to again (after the start's seed requests). */
  captureSeededState?: () => Promise<void>
  /** Stops accepting requests, lets the worker finish its step, closes the database. */
  stop(): Promise<void>
}

export interface ServiceOptions {
  /** One line per request, and unexpected errors with their request id; default: none. */
  logger?: Logger
}

/**
 * Starts the service: opens the database (PGlite in memory or in `dataDir`, or PostgreSQL; a new
 * PGlite database is a copy of the prepared template when it matches), applies the migrations
 * unless the database is that copy,
 * seeds the bootstrap key, starts the job worker and listens on `port`.
 */
export async function createService(
  config: ServiceConfig,
  options: ServiceOptions = {},
): Promise<RunningService> {
  const db = await openServiceDatabase({
    ...config,
    template: config.databaseUrl ? undefined : databaseTemplate(),
  })
  try {
    return await startOn(db, config, async () => db.close(), options)
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
}

/** Like `createService`, on a database the caller opened (and closes: `onStop` runs last). */
export async function startOn(
  opened: Database,
  config: ServiceConfig,
  onStop: () => Promise<void> = async () => {},
  options: ServiceOptions = {},
): Promise<RunningService> {
  // With test controls every "now" the clock can reach, JavaScript's and SQL's, is read from it.
  const clock = config.testControls ? new TestClock() : undefined
  const db = clock ? clockedDatabase(opened, clock) : opened
  const queue = new JobQueue(db, {
    leaseMs: config.jobLeaseMs,
    pollMs: config.jobPollMs,
    retryDelayMs: (attempt) => Math.min(10_000, 200 * 2 ** attempt),
    ...(options.logger ? { logger: options.logger } : {}),
  })
  const fromTemplate = isTemplateCopy(db)
  if (!fromTemplate) await prepareDatabase(db, queue)
  const apiKey = config.apiKey ?? generateKey()
  // Seeded in the database's thread while this one builds the app; awaited before listening.
  const seeding = seedBootstrapKey(db, apiKey, config.credits)
  seeding.catch(() => {})
  try {
    return await serveOn(db, config, onStop, options, { queue, apiKey, seeding, fromTemplate, clock })
  } catch (error) {
    await seeding.catch(() => {})
    throw error
  }
}

/** The rest of `startOn`: the job handlers, the app, the port once `seeding` is done, the worker. */
async function serveOn(
  db: Database,
  config: ServiceConfig,
  onStop: () => Promise<void>,
  options: ServiceOptions,
  start: {
    queue: JobQueue
    apiKey: string
    seeding: Promise<unknown>
    fromTemplate: boolean
    clock?: TestClock | undefined
  },
): Promise<RunningService> {
  const { queue, apiKey, fromTemplate, clock } = start
  // Business time: the controls' clock when they are on, so a test advances it instead of waiting.
  const now = clock?.now ?? Date.now
  const controlled = clock
    ? webDataTestControls({
        clock,
        httpToken: config.testControls?.httpToken,
        db,
        queue,
        worker: config.worker,
      })
    : undefined
  const extractor = createExtractor(config.extractor)
  queue.work(
    AGENT_QUEUE,
    agentRunner({
      db,
      queue,
      allowPrivateUrls: config.allowPrivateUrls,
      stepMs: config.agentStepMs,
      extractor,
      now,
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
    now,
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
    webhookRunner({
      db,
      allowPrivateUrls: config.allowPrivateUrls,
      secret: config.webhookSecret ?? apiKey,
      pageDocuments: finishedPageDocuments,
    }),
    { concurrency: 4 },
  )
  queue.work(
    EXTRACT_QUEUE,
    extractRunner({
      db,
      allowPrivateUrls: config.allowPrivateUrls,
      extractor,
      urlKey,
      mapSite,
      pagesRecorded,
    }),
    {
      concurrency: 4,
    },
  )
  const browsers = createBrowsers(db, config, options.logger, now)
  const app = buildWebDataApp({
    db,
    queue,
    config,
    browsers,
    extractor,
    ...(options.logger ? { logger: options.logger } : {}),
    now,
    ...(controlled ? { testControls: controlled.runtime } : {}),
  })
  const server = await start.seeding
    .then(() => serveService(app, config, clientErrorAnswer, options.logger))
    .catch(async (error: unknown) => {
      await browsers.close().catch(() => {})
      throw error
    })
  if (config.worker) queue.start()
  const indexer = startSearchIndexer(db)
  await controlled?.seeded.capture()
  let stopping: Promise<void> | undefined
  return {
    url: server.url,
    port: server.port,
    apiKey,
    generatedKey: config.apiKey === undefined,
    db,
    queue,
    fromTemplate,
    ...(controlled
      ? { controls: controlled.runtime.controls, captureSeededState: () => controlled.seeded.capture() }
      : {}),
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
