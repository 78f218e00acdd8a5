import { defineConfig } from 'vitest/config'
import { suiteWorkers } from '../../.config/vitest.base.js'

export default defineConfig({
  test: {
    maxWorkers: suiteWorkers(),
    include: ['test/**/*.test.ts'],
  },
})
