import { defineConfig, mergeConfig } from 'vitest/config'
import base from '../../.config/vitest.base.js'

// Generation and type checks ran in the cached `interop:generate` task; what is left is four Prism
// servers (about 3 CPU-seconds to start each, up to 40 s on a saturated 2-core machine) and a few
// dozen requests to them, so both limits are over three times the slowest start.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['test/**/*.test.ts'],
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  }),
)
