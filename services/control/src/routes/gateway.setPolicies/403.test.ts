import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('gateway policies 403 (%s)', (kind) => {
  const t = useService(kind)

  it('checks read and update permissions per environment', async () => {
    const fx = await t.fixture()
    const where = { project: fx.projectId, app: fx.appId, environment: 'production' }
    const reader = await t.key([`environment.${fx.productionEnvironmentId}.read_policies`])
    const c = t.clientFor(reader)
    expect((await c.raw.POST('/v2/gateway.listPolicies', { body: where })).response.status).toBe(200)
    expect(
      (await c.raw.POST('/v2/gateway.listPolicies', { body: { ...where, environment: 'preview' } })).response
        .status,
    ).toBe(403)
    expect(
      (await c.raw.POST('/v2/gateway.setPolicies', { body: { ...where, policies: [] } })).response.status,
    ).toBe(403)
    expect(
      (await c.raw.POST('/v2/gateway.updatePolicy', { body: { ...where, policyId: 'x', enabled: false } }))
        .response.status,
    ).toBe(403)
  })
})
