import { StartupError } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { startControlService } from './index.js'

describe('startControlService options', () => {
  it.each([
    ['rootKey', { rootKey: '' }],
    ['rootKey', { rootKey: 'key with spaces' }],
    ['workflowStepMs', { workflowStepMs: -1 }],
    ['port', { port: 'abc' }],
    ['storage', { storage: 'mem' }],
  ])('refuses a wrong %s with one line naming it, before starting: %j', async (name, options) => {
    const started = startControlService(options as never)
    await expect(started).rejects.toThrow(StartupError)
    await expect(started).rejects.toThrow(new RegExp(`^${name} takes `))
  })
})
