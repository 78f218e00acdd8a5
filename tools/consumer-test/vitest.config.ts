import { defineConfig } from 'vitest/config'
import { suiteWorkers } from '../../.config/vitest.base.js'

// Packing eight packages and an offline install take a while on a busy machine; the calls do not.
export default defineConfig({
  test: {
    maxWorkers: suiteWorkers(),
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
})
