import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A test packs a package (pnpm pack: about 2 CPU-seconds, up to 45 s on a saturated two-core
    // machine), the diff of a real bundle takes about 1 s; the end-to-end release test sets its own.
    testTimeout: 300_000,
    // The end-to-end test's registry start and fixture install: about 4 CPU-seconds.
    hookTimeout: 300_000,
  },
})
