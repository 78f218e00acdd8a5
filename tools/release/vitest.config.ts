import { defineConfig } from 'vitest/config'
import { suiteWorkers } from '../../.config/vitest.base.js'

export default defineConfig({
  test: {
    maxWorkers: suiteWorkers(),
    include: ['test/**/*.test.ts'],
    // The end-to-end release test starts a registry and runs pnpm; the diff of a real bundle takes ~1 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
