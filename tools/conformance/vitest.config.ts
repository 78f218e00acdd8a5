import { defineConfig } from 'vitest/config'
import { suiteWorkers } from '../../.config/vitest.base.js'

export default defineConfig({
  test: {
    maxWorkers: suiteWorkers(),
    include: ['test/**/*.test.ts'],
    // Safety nets, not waits: on a loaded 2-core machine a service start (PGlite or PostgreSQL,
    // migrations, demo data) has been seen to take over two minutes.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
})
