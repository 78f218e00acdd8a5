import { StartupError } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { startWebDataService } from './index.js'

describe('startWebDataService options', () => {
  it.each([
    ['apiKey', { apiKey: 'a b' }],
    ['apiKey', { apiKey: '' }],
    ['credits', { credits: -5 }],
    ['credits', { credits: Number.NaN }],
    ['credits', { credits: 1.5 }],
    ['agentStepMs', { agentStepMs: -1 }],
    ['chromiumPath', { chromiumPath: 42 }],
    ['port', { port: 'abc' }],
  ])('refuses a wrong %s with one line naming it, before starting: %j', async (name, options) => {
    const started = startWebDataService(options as never)
    await expect(started).rejects.toThrow(StartupError)
    await expect(started).rejects.toThrow(new RegExp(`^${name} takes `))
  })
})
