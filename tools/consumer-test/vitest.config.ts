import { defineConfig } from 'vitest/config'

// Packing eight packages and an offline install take a while on a busy machine; the calls do not.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
})
