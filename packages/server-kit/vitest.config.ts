import { defineConfig } from 'vitest/config'

// Opening an embedded PGlite takes a second or more on a busy 2-core machine.
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000 } })
