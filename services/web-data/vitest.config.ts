import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker process runs many files: PGlite's WASM start-up, the spec validator and the services
    // the files share (src/testing/shared-service.ts) are paid once per worker.
    isolate: false,
    // Two files at a time on the CI machine's two cores (vitest's default there is one): the long
    // files (the package, fuzz and status table suites) then run beside the rest.
    maxWorkers: 2,
  },
})
