import { defineConfig } from 'vitest/config'

/**
 * Shared by the packages whose suites set nothing else. CI runs every package's suite at once on
 * two cores, where a test that takes 2 s alone (compiling a bundled spec's schemas, generating
 * code) can take several times as long: vitest's 5 s default is too close.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
