import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each test starts the whole stack (two services, the docs portal); one at a time on two cores.
    fileParallelism: false,
  },
})
