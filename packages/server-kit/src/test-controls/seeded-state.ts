/**
 * The reset of a service to its seeded state: the database's rows as they were once the service
 * had started (`capture`), and a job worker that starts over (`stop` abandons running jobs
 * uncommitted, the restore empties the jobs table back to its seeded rows, `start` polls again).
 * The service's in-memory state (caches, counters, buffers) is cleared by its own `clear`.
 */
import type { Database } from '../db/database.js'
import type { JobQueue } from '../jobs/queue.js'
import type { TestControlsRuntime } from './controls.js'
import { type DatabaseSnapshot, snapshotDatabase } from './snapshot.js'

export interface SeededStateOptions {
  db: Database
  queue?: JobQueue
  /** Whether the queue's worker runs in this process (started again after a reset). */
  worker?: boolean
  /** Runs before the data is restored, once the worker stopped (writes buffered rows out). */
  before?: () => unknown
  /** Clears what the service keeps in memory, after the data is restored. */
  clear?: () => void | Promise<void>
}

export interface SeededState {
  /** Takes the snapshot a reset goes back to; call again to move it (after seed requests). */
  capture(): Promise<void>
}

export function resetToSeededState(runtime: TestControlsRuntime, options: SeededStateOptions): SeededState {
  let snapshot: DatabaseSnapshot | undefined
  runtime.onReset(async () => {
    if (!snapshot) throw new Error('the seeded state was not captured yet')
    await options.queue?.stop()
    try {
      await options.before?.()
      await snapshot.restore()
      await options.clear?.()
    } finally {
      if (options.worker !== false) options.queue?.start()
    }
  })
  // A job delayed into the window the clock just skipped is due now, not at the next idle poll.
  runtime.onAdvance(() => options.queue?.wake())
  return {
    async capture() {
      snapshot = await snapshotDatabase(options.db)
    },
  }
}
