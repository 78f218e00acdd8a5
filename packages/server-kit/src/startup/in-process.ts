/**
 * The programmatic start of a reference service (`startControlService`, `startWebDataService`):
 * the published options every service shares (storage, test controls, log level, seed requests)
 * turned into start settings, the service started, the seed requests sent with its bootstrap
 * credential, and the state after them taken as the one a reset of the test controls goes back to.
 * Each service maps its own options and its config; the published types stay spelled out in its
 * `index.ts` (its declarations are emitted from that file alone).
 */
import { type SeedRequest, sendSeedRequests } from '../cli/seed-requests.js'
import { createLogger, type Logger } from '../log/logger.js'
import type { TestControls } from '../test-controls/public-types.js'
import { checkStartOptions } from './start-options.js'

/** Where the data lives: PGlite in memory, PGlite in a folder, or a PostgreSQL server (and schema). */
export type InProcessStorage = 'memory' | { dataDir: string } | { databaseUrl: string; schema?: string }

/** The storage as service settings: nothing for `'memory'`. */
export type InProcessStorageSettings =
  | Record<string, never>
  | { dataDir: string }
  | { databaseUrl: string; databaseSchema: string | undefined }

/** What `start` is given: the shared options, defaulted and mapped. */
export interface InProcessSettings {
  port: number
  hostname: string
  /** Spread into the service's config. */
  storage: InProcessStorageSettings
  /** `undefined` when the test controls are off. */
  testControls: { httpToken?: string | undefined } | undefined
  logger: Logger
}

/** The service `start` resolves with. */
export interface InProcessService {
  url: string
  port: number
  controls?: TestControls | undefined
  /** Takes the state a reset of the controls goes back to (after the seed requests). */
  captureSeededState?: (() => Promise<void>) | undefined
  stop(): Promise<void>
}

export interface StartInProcessOptions {
  /** Default 0. */
  port?: number | undefined
  /** Default `127.0.0.1`. */
  hostname?: string | undefined
  /** Default `'memory'`. */
  storage?: InProcessStorage | undefined
  /** Default: env `LOG_LEVEL`, else `warn`. */
  logLevel?: string | undefined
  testControls?: boolean | { httpToken?: string | undefined } | undefined
  /** Sent with `credential` once the service listens, in order; a failure stops the service and rejects. */
  seed?: readonly SeedRequest[] | undefined
  /** The bootstrap credential the seed requests carry (root key, API key). */
  credential: string
}

/** The started service, without its credential (the caller names it: `rootKey`, `apiKey`). */
export interface InProcessHandle {
  url: string
  port: number
  /** The response bodies of `seed`, in order. */
  seeded: unknown[]
  controls: TestControls | undefined
  stop(): Promise<void>
}

/** `'memory'` → nothing, `{ dataDir }` → `{ dataDir }`, `{ databaseUrl, schema }` → `{ databaseUrl, databaseSchema }`. */
export function inProcessStorageSettings(storage: InProcessStorage): InProcessStorageSettings {
  if (storage === 'memory') return {}
  return 'dataDir' in storage
    ? { dataDir: storage.dataDir }
    : { databaseUrl: storage.databaseUrl, databaseSchema: storage.schema }
}

/** Starts a service with `start`, then sends `seed`; resolves once it listens and the seed is sent. */
export async function startInProcess(
  options: StartInProcessOptions,
  start: (settings: InProcessSettings) => Promise<InProcessService>,
): Promise<InProcessHandle> {
  checkStartOptions(options)
  const service = await start({
    port: options.port ?? 0,
    hostname: options.hostname ?? '127.0.0.1',
    storage: inProcessStorageSettings(options.storage ?? 'memory'),
    testControls: options.testControls
      ? options.testControls === true
        ? {}
        : { httpToken: options.testControls.httpToken }
      : undefined,
    logger: createLogger({ ...(options.logLevel ? { level: options.logLevel } : {}), fallbackLevel: 'warn' }),
  })
  let seeded: unknown[] = []
  try {
    seeded = await sendSeedRequests(service.url, options.credential, options.seed ?? [])
  } catch (error) {
    await service.stop()
    throw error
  }
  // A reset goes back to the state after the seed requests, not before them.
  await service.captureSeededState?.()
  return {
    url: service.url,
    port: service.port,
    seeded,
    controls: service.controls,
    stop: () => service.stop(),
  }
}
