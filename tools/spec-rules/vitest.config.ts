import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every test spawns the real `redocly lint`; give the CLI time to start.
    testTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
  },
})
