import type { Database, JobQueue, Logger, TestControlsRuntime } from '@apiplatform/server-kit'
import type { Now } from './clock.js'
import type { ServiceConfig } from './config.js'
import type { Extractor } from './extraction/extractor.js'
import type { Browsers } from './interact/browsers.js'

/** What handlers need from the running service. */
export interface Deps {
  db: Database
  queue: JobQueue
  config: ServiceConfig
  /** The shared browser and the live browser sessions (absent when the app is built without them). */
  browsers?: Browsers
  /** Fills JSON schemas from pages (scrape `json`, search results); chosen at start from the config. */
  extractor: Extractor
  /** Request lines and unexpected errors (default: none). */
  logger?: Logger
  /** The clock of business time (`clock.ts`); the test controls' clock when they are on, else `Date.now`. */
  now?: Now
  /** Test controls around the app (faults, latency, journal; `test-controls.ts`); none by default. */
  testControls?: TestControlsRuntime | undefined
}
