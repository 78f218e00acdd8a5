import { defineConfig } from 'vitest/config'
import { suiteWorkers } from '../../.config/vitest.base.js'

export default defineConfig({
  test: {
    // Opening an embedded PGlite takes a second or more on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One worker process runs many files: starting a process and loading its modules (PGlite's
    // among them) are paid once per worker, not once per file. No file leaves state behind that
    // another reads (the environment variables the template tests set are restored after each test).
    isolate: false,
    maxWorkers: suiteWorkers(),
  },
})
