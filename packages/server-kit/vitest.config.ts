import { defineConfig } from 'vitest/config'
import { suiteWorkers } from '../../.config/vitest.base.js'

export default defineConfig({
  test: {
    // Opening an embedded PGlite takes a second or more on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: suiteWorkers(),
  },
})
