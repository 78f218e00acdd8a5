import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The portal on a free port, both stand-ins and a local site, once for every test file.
    globalSetup: ['test/support/global-setup.ts'],
    // Chromium renders two large references; the samples test type-checks ~250 programs.
    testTimeout: 300_000,
    // The browser test and the samples test run side by side against the shared stand-ins.
    maxWorkers: 2,
    hookTimeout: 300_000,
  },
})
