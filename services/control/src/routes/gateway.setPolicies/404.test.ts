import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('gateway policies 404 (%s)', (kind) => {
  const t = useService(kind)

  it('answers 404 for unknown environments (also of other workspaces) and unknown policies', async () => {
    const fx = await t.fixture()
    const other = await t.fixture({ workspaceId: await t.workspace() })
    const list = await t.client.raw.POST('/v2/gateway.listPolicies', {
      body: { project: other.projectId, app: other.appId, environment: 'production' },
    })
    expect(list.response.status).toBe(404)
    const where = { project: fx.projectId, app: fx.appId, environment: 'staging' }
    expect(
      (await t.client.raw.POST('/v2/gateway.setPolicies', { body: { ...where, policies: [] } })).response
        .status,
    ).toBe(404)
    const upd = await t.client.raw.POST('/v2/gateway.updatePolicy', {
      body: { ...where, environment: 'production', policyId: 'nope', enabled: true },
    })
    expect(upd.response.status).toBe(404)
  })
})
