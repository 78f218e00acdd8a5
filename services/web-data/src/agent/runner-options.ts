import type { Database, JobQueue } from '@apiplatform/server-kit'
import type { Now } from '../clock.js'
import type { Extractor } from '../extraction/extractor.js'

export interface RunnerOptions {
  db: Database
  /** Where webhook deliveries are queued. */
  queue: JobQueue
  allowPrivateUrls: boolean
  /** Pause between steps. */
  stepMs: number
  /** Timeout of one page fetch. */
  fetchTimeoutMs?: number
  /** Fills the run's schema from each page read. */
  extractor: Extractor
  /** Business time (`clock.ts`): when tool calls start, how long a run took; real time by default. */
  now?: Now
}
