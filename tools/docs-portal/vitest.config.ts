import { defineConfig } from 'vitest/config'
import { suiteWorkers } from '../../.config/vitest.base.js'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The portal on a free port, both stand-ins and a local site, once for every test file.
    globalSetup: ['test/support/global-setup.ts'],
    // Chromium renders two large references; the samples test type-checks ~250 programs.
    testTimeout: 300_000,
    maxWorkers: suiteWorkers(),
    hookTimeout: 300_000,
  },
})
