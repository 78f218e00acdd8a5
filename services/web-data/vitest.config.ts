import { defineConfig } from 'vitest/config'
import { suiteWorkers } from '../../.config/vitest.base.js'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker process runs many files: PGlite's WASM start-up, the spec validator and the services
    // the files share (src/testing/shared-service.ts) are paid once per worker.
    isolate: false,
    maxWorkers: suiteWorkers(),
  },
})
