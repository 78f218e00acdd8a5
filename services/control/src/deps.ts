import type { Database, JobQueue } from '@apiplatform/server-kit'

/** What the handlers need: storage, the job queue, and the clock. */
export interface Deps {
  db: Database
  queue: JobQueue
  now: () => number
}
