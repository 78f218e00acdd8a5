/**
 * The web-data service for other teams' tests: start it in-process, call it over HTTP as the real
 * API, stop it.
 *
 * ```ts
 * import { startWebDataService } from '@apiplatform/web-data-service'
 *
 * const webData = await startWebDataService({ port: 0, storage: 'memory', allowPrivateUrls: true })
 * // webData.url, webData.apiKey
 * await webData.stop()
 * ```
 *
 * The published declarations are emitted from this file alone: its exports spell out their types.
 */
import {
  checkCredentialOption,
  checkNumberOption,
  checkStringOption,
  startInProcess,
} from '@apiplatform/server-kit'
import type { TestControls } from '@apiplatform/server-kit/test-controls-types'
import { generateKey } from './billing/keys.js'
import { configFromEnv } from './config.js'
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

/** A request sent with the API key once the service listens, e.g. `{ path: '/v2/scrape', body: { url } }`. */
export interface SeedRequest {
  /** Default `POST`. */
  method?: string
  path: string
  /** JSON body. */
  body?: unknown
}

export type Storage =
  /** PGlite in memory: nothing is written to disk, nothing is kept after `stop()`. */
  | 'memory'
  /** PGlite in a folder (created when missing), kept across starts. */
  | { dataDir: string }
  /** A PostgreSQL server; `schema` (created when missing) keeps this service's tables apart. */
  | { databaseUrl: string; schema?: string }

export interface StartWebDataServiceOptions {
  /** TCP port; default 0 (a free one: see `url`). */
  port?: number
  /** Interface to listen on; default `127.0.0.1`. */
  hostname?: string
  /** Default `'memory'`. */
  storage?: Storage
  /** The bootstrap API key; default: a generated one (`apiKey`). */
  apiKey?: string
  /** Credits of the bootstrap team; default 100000. */
  credits?: number
  /** Allow scraping loopback and private addresses (a local fixture site); default false. */
  allowPrivateUrls?: boolean
  /** Requests sent with the API key once the service listens, in order; a non-2xx answer fails the start. */
  seed?: readonly SeedRequest[]
  /** Pause between the steps of an agent run, in ms; default 0. */
  agentStepMs?: number
  /** Chromium for actions, screenshots and interact; default `/usr/bin/chromium` (503 without one). */
  chromiumPath?: string
  /** Default: env `LOG_LEVEL`, else `warn` (unexpected errors only); `info` logs every request. */
  logLevel?: LogLevel
  /**
   * Test controls on the returned `controls` (faults, latency, journal, reset, clock; README "Test
   * controls"). Off by default; `{ httpToken }` also serves them under `/__controls` with that bearer token.
   */
  testControls?: boolean | { httpToken?: string }
}

export interface WebDataService {
  /** e.g. `http://127.0.0.1:41235` */
  url: string
  port: number
  apiKey: string
  /** The response bodies of `seed`, in order. */
  seeded: unknown[]
  /** The test controls; only with `testControls` (`undefined` otherwise). */
  controls: TestControls | undefined
  /** Stops serving, stops the job worker and closes the database. */
  stop(): Promise<void>
}

/** Starts the web-data service in this process; resolves once it listens and `seed` is sent. */
export async function startWebDataService(options: StartWebDataServiceOptions = {}): Promise<WebDataService> {
  checkCredentialOption('apiKey', options.apiKey)
  checkNumberOption('credits', options.credits, { integer: true })
  checkNumberOption('agentStepMs', options.agentStepMs)
  checkStringOption('chromiumPath', options.chromiumPath)
  const apiKey = options.apiKey ?? generateKey()
  const defaults = configFromEnv({})
  const { url, port, seeded, controls, stop } = await startInProcess(
    { ...options, credential: apiKey },
    (settings) =>
      createService(
        {
          ...defaults,
          port: settings.port,
          hostname: settings.hostname,
          dataDir: undefined,
          ...settings.storage,
          apiKey,
          credits: options.credits ?? defaults.credits,
          allowPrivateUrls: options.allowPrivateUrls ?? false,
          agentStepMs: options.agentStepMs ?? 0,
          jobPollMs: 50,
          testControls: settings.testControls,
          ...(options.chromiumPath ? { chromiumPath: options.chromiumPath } : {}),
        },
        { logger: settings.logger },
      ),
  )
  return { url, port, apiKey, seeded, controls, stop }
}
