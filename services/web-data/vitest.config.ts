import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker process runs many files: PGlite's WASM start-up and the spec validator are paid once per worker.
    isolate: false,
  },
})
