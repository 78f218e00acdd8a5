import { defineConfig } from 'vitest/config'
import { suiteWorkers } from '../../.config/vitest.base.js'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files of a worker share one in-process service per database kind (src/testing/harness.ts):
    // starting PGlite costs seconds, and every test creates its own fixtures anyway.
    isolate: false,
    maxWorkers: suiteWorkers(),
  },
})
