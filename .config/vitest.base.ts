import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Test files a suite runs at once. Under `pnpm test`, turbo already runs as many tasks as the
 * machine has cores (`--concurrency=100%`), so each suite takes its share: one worker on a 2-core
 * machine, where a second would only make every timeout of the run a coin toss. A suite run on its
 * own (`pnpm --dir <package> test`) has the machine to itself.
 */
export function suiteWorkers(): number {
  const cores = availableParallelism()
  return process.env.TURBO_HASH ? Math.max(1, Math.floor(cores / 2)) : cores
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
