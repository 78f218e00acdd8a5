import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Chromium renders two ~3 MB Redoc pages.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
