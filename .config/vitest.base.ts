import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Test files a suite runs at once: one per two cores. A second worker starts its own copy of what a
 * worker's files share (the services, PGlite, the spec validator). turbo runs one task more than
 * there are cores (`--concurrency=150%`), which keeps both cores busy while a suite waits: on a
 * 2-core machine a whole `pnpm test` took 428 s and 823 CPU-seconds so, against 481 s and 920 with
 * a worker per core and a task per core.
 */
export function suiteWorkers(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2))
}

/**
 * Shared by the packages whose suites set nothing else. On a loaded 2-core machine a test that
 * takes 2 s alone (compiling a bundled spec's schemas, generating code) can take several times as
 * long: vitest's 5 s default is too close.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: suiteWorkers(),
  },
})
