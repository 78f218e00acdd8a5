import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('gateway.setPolicies 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('rejects invalid policies and duplicate names', async () => {
    const fx = await t.fixture()
    const where = { project: fx.projectId, app: fx.appId, environment: 'production' }
    const bad = await t.client.raw.POST('/v2/gateway.setPolicies', {
      body: {
        ...where,
        policies: [{ name: 'x', enabled: true, firewall: { action: 'ACTION_ALLOW' } }],
      } as never,
    })
    expect(bad.response.status).toBe(400)
    expect(locationsOf(bad.error)[0]).toMatch(/^body\.policies\[0\]\.firewall/)
    const dup = await t.client.raw.POST('/v2/gateway.setPolicies', {
      body: {
        ...where,
        policies: [
          { name: 'a', enabled: true },
          { name: 'a', enabled: false },
        ],
      },
    })
    expect(dup.response.status).toBe(400)
    expect(locationsOf(dup.error)).toEqual(['body.policies'])
    const tooMany = await t.client.raw.POST('/v2/gateway.setPolicies', {
      body: { ...where, policies: Array.from({ length: 51 }, (_, i) => ({ name: `p${i}`, enabled: true })) },
    })
    expect(tooMany.response.status).toBe(400)
  })
})
