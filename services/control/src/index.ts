/**
 * The control service for other teams' tests: start it in-process, call it over HTTP as the real
 * API, stop it.
 *
 * ```ts
 * import { startControlService } from '@apiplatform/control-service'
 *
 * const control = await startControlService({ port: 0, storage: 'memory' })
 * // control.url, control.rootKey
 * await control.stop()
 * ```
 *
 * The published declarations are emitted from this file alone: its exports spell out their types.
 */
import {
  checkCredentialOption,
  checkNumberOption,
  StartupError,
  startInProcess,
} from '@apiplatform/server-kit'
import type { TestControls } from '@apiplatform/server-kit/test-controls-types'
import { generateRootKey } from './config.js'
import { parseEncryptionKey } from './domain/key-secrets.js'
import { SEED } from './seed.js'
import { createService } from './service.js'

export type {
  FaultOptions,
  JournalEntry,
  JournalQuery,
  LatencyOptions,
  RequestMatch,
  Rule,
  TestControls,
} from '@apiplatform/server-kit/test-controls-types'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

/** A request sent with the root key once the service listens, e.g. `{ path: '/v2/apis.createApi', body: { name: 'payments' } }`. */
export interface SeedRequest {
  /** Default `POST`. */
  method?: string
  path: string
  /** JSON body. */
  body?: unknown
}

/** The ids of the demo data (see the package README, "Seeded data"). */
export interface DemoData {
  readonly workspaceId: string
  readonly projectId: string
  readonly projectSlug: string
  readonly appId: string
  readonly appSlug: string
  readonly productionEnvironmentId: string
  readonly previewEnvironmentId: string
  readonly deployments: {
    /** Ready production deployments, older than the current one: rollback targets. */
    readonly v1: string
    readonly v2: string
    /** Ready production deployment that serves live traffic. */
    readonly current: string
    /** Failed build: not a valid rollback target (412). */
    readonly failed: string
    readonly stopped: string
    /** Ready, in the preview environment. */
    readonly preview: string
  }
  readonly domains: { readonly verified: string; readonly pending: string }
  readonly variables: readonly string[]
}

/** Ids of the demo data seeded unless `demoData: false`. */
export const DEMO_DATA: DemoData = SEED

export type Storage =
  /** PGlite in memory: nothing is written to disk, nothing is kept after `stop()`. */
  | 'memory'
  /** PGlite in a folder (created when missing), kept across starts. */
  | { dataDir: string }
  /** A PostgreSQL server; `schema` (created when missing) keeps this service's tables apart. */
  | { databaseUrl: string; schema?: string }

export interface StartControlServiceOptions {
  /** TCP port; default 0 (a free one: see `url`). */
  port?: number
  /** Interface to listen on; default `127.0.0.1`. */
  hostname?: string
  /** Default `'memory'`. */
  storage?: Storage
  /** The bootstrap root key (every permission of the spec); default: a generated one (`rootKey`). */
  rootKey?: string
  /** 32 bytes as 64 hex characters or base64: encrypts recoverable keys. Default: a generated one. */
  encryptionKey?: string
  /** Seed the demo workspace (`DEMO_DATA`); default true. */
  demoData?: boolean
  /** Requests sent with the root key once the service listens, in order; a non-2xx answer fails the start. */
  seed?: readonly SeedRequest[]
  /** How long each workflow step takes (rollbacks, deployments), in ms; default 0 (as fast as possible). */
  workflowStepMs?: number
  /** Default: env `LOG_LEVEL`, else `warn` (unexpected errors only); `info` logs every request. */
  logLevel?: LogLevel
  /**
   * Test controls on the returned `controls` (faults, latency, journal, reset, clock; README "Test
   * controls"). Off by default; `{ httpToken }` also serves them under `/__controls` with that bearer token.
   */
  testControls?: boolean | { httpToken?: string }
}

export interface ControlService {
  /** e.g. `http://127.0.0.1:41235` */
  url: string
  port: number
  rootKey: string
  /** The response bodies of `seed`, in order. */
  seeded: unknown[]
  /** The test controls; only with `testControls` (`undefined` otherwise). */
  controls: TestControls | undefined
  /** Stops serving, stops the workflow worker and closes the database. */
  stop(): Promise<void>
}

/** Starts the control service in this process; resolves once it listens and `seed` is sent. */
export async function startControlService(options: StartControlServiceOptions = {}): Promise<ControlService> {
  checkCredentialOption('rootKey', options.rootKey)
  checkNumberOption('workflowStepMs', options.workflowStepMs)
  const rootKey = options.rootKey ?? generateRootKey()
  let encryptionKey: Buffer | undefined
  try {
    encryptionKey = options.encryptionKey ? parseEncryptionKey(options.encryptionKey) : undefined
  } catch (error) {
    throw new StartupError((error as Error).message)
  }
  const { url, port, seeded, controls, stop } = await startInProcess(
    { ...options, credential: rootKey },
    (settings) =>
      createService({
        port: settings.port,
        hostname: settings.hostname,
        ...settings.storage,
        rootKey,
        ...(encryptionKey ? { encryptionKey } : {}),
        seed: options.demoData ?? true,
        workflowStepMs: options.workflowStepMs ?? 0,
        jobPollMs: 50,
        ...(settings.testControls ? { testControls: settings.testControls } : {}),
        logger: settings.logger,
      }),
  )
  return { url, port, rootKey, seeded, controls, stop }
}
