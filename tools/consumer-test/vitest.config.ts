import { defineConfig } from 'vitest/config'

// The project is installed and type-checked before this suite, by the `consumer:install` task. What
// is left takes a few CPU-seconds each: starting the services (about 4), the consumer suite (about
// 5), an image's service (2 to 3). On a saturated two-core machine a CPU-second of work can take
// 15 s, so both limits are over three times the longest of them.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
})
