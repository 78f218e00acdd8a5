import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Opening an embedded PGlite takes a second or more on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Most of the suite waits on PGlite threads and child processes: two files at a time on the
    // CI machine's two cores (vitest's default there is one).
    maxWorkers: 2,
  },
})
