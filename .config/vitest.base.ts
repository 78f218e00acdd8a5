import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Test files a suite runs at once: one per core. turbo runs as many tasks as there are cores
 * (`--concurrency=100%`), so on a 2-core machine at most four test files run at a time, and most of
 * them wait on a service, a database thread or a browser much of the time (vitest's default, one
 * less than the cores, leaves a 2-core machine's long suites on one file at a time). One worker per
 * two cores with three tasks at once measured the same for a whole fresh-clone run (wall time and
 * CPU-seconds, within run-to-run noise) and made one suite alone take half as long again.
 */
export function suiteWorkers(): number {
  return availableParallelism()
}

/**
 * Shared by the packages whose suites set nothing else. On a loaded 2-core machine a test that
 * takes 2 s alone (compiling a bundled spec's schemas, generating code) can take several times as
 * long: vitest's 5 s default is too close.
 *
 * Their test files change no global state (environment, working folder, timers, module mocks), so
 * a worker process runs many of them: a new process and its module loading per file cost about
 * 0.3 CPU-seconds each, up to two fifths of a small suite's CPU.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: suiteWorkers(),
    isolate: false,
  },
})
