/**
 * The control service as a value: `createService(config)` opens the database, applies the
 * migrations, seeds the demo workspace and the bootstrap root key, starts the job worker and
 * serves the API. Tests start it in-process on port 0 with an in-memory PGlite; `main.ts` starts
 * it from the environment.
 */
import { fileURLToPath } from 'node:url'
import {
  type Database,
  JobQueue,
  migrate,
  openDatabase,
  type RunningServer,
  serve,
} from '@apiplatform/server-kit'
import { createApp } from './app.js'
import type { ServiceConfig } from './config.js'
import type { Deps } from './deps.js'
import { everyPermission } from './http/auth.js'
import { SEED, seed } from './seed.js'
import { registerOperationWorkflows } from './workflows/operations.js'

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

export type CreateServiceOptions = Partial<ServiceConfig> & Pick<ServiceConfig, 'rootKey'>

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
  const db =
    config.database ??
    (await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
    }))
  const now = () => Date.now()
  let server: RunningServer | undefined
  const queue = new JobQueue(db, { leaseMs: config.jobLeaseMs, pollMs: config.jobPollMs })
  try {
    await migrate(db, MIGRATIONS_DIR)
    await queue.install()
    if (config.seed) await seed(db, { rootKey: config.rootKey, permissions: everyPermission(), now: now() })
    const deps: Deps = { db, queue, now }
    registerOperationWorkflows(queue, db, { stepMs: config.workflowStepMs, now })
    queue.start()
    server = await serve(createApp(deps), { port: config.port, hostname: config.hostname })
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
        await queue.stop()
        if (ownsDatabase) await db.close()
      },
    }
  } catch (error) {
    await server?.close()
    await queue.stop()
    if (ownsDatabase) await db.close().catch(() => {})
    throw error
  }
}
