import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.updateSettings 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    ['a port out of range', { port: 70000 }, 'body.port'],
    ['too little memory', { memoryMib: 128 }, 'body.memoryMib'],
    ['no regions', { regions: [] }, 'body.regions'],
    [
      'a duplicate region',
      { regions: [1, 2].map(() => ({ name: 'eu', replicas: { min: 1, max: 1 } })) },
      'body.regions[1].name',
    ],
    [
      'min above max replicas',
      { regions: [{ name: 'eu', replicas: { min: 3, max: 1 } }] },
      'body.regions[0].replicas',
    ],
    ['an invalid healthcheck path', { healthcheck: { method: 'GET', path: 'health' } }, 'body.healthcheck'],
  ])('rejects %s', async (_label, settings, location) => {
    const fx = await t.fixture()
    const answer = await call(t, 'environments.updateSettings', { ...production(fx), ...settings })
    expect(answer.status).toBe(400)
    expect(locationsOf(answer.error).join()).toContain(location)
  })
})
