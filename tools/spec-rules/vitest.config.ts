import { defineConfig } from 'vitest/config'
import { suiteWorkers } from '../../.config/vitest.base.js'

export default defineConfig({
  test: {
    maxWorkers: suiteWorkers(),
    include: ['test/**/*.test.ts'],
    // The rule tests lint in-process with Redocly's Node API; one run of a fixture takes well under a
    // second, even on a loaded 2-core machine. test/cli.test.ts, which starts the real CLI, sets its own.
    testTimeout: 60_000,
    // One module graph per worker: @redocly/openapi-core is imported, and each fixture config (with the
    // plugin) loaded, once per worker instead of once per test file. The tests keep no other state.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
})
