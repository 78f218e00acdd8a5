import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('gateway policies 200 (%s)', (kind) => {
  const t = useService(kind)

  it('sets, lists in order, updates one policy and empties the list', async () => {
    const fx = await t.fixture()
    const where = { project: fx.projectSlug, app: fx.appSlug, environment: 'production' }
    const policies = [
      {
        name: 'require-api-key',
        enabled: true,
        match: [{ path: { path: { prefix: '/v1/' } } }],
        keyauth: { keyspaces: ['api_1'], locations: [{ bearer: {} }] },
      },
      {
        name: 'per-ip-limit',
        enabled: true,
        ratelimit: { limit: 100, windowMs: 60_000, identifiers: [{ remoteIp: {} }] },
      },
    ]
    const set = await t.client.raw.POST('/v2/gateway.setPolicies', { body: { ...where, policies } })
    expect(set.response.status).toBe(200)
    expect(set.data?.data).toEqual({})
    const list = await t.client.raw.POST('/v2/gateway.listPolicies', { body: where })
    expect(list.data?.data).toEqual(policies)
    const upd = await t.client.raw.POST('/v2/gateway.updatePolicy', {
      body: { ...where, policyId: 'per-ip-limit', enabled: false, logging: { requestHeaders: true } },
    })
    expect(upd.response.status).toBe(200)
    const after = await t.client.raw.POST('/v2/gateway.listPolicies', {
      body: { project: fx.projectId, app: fx.appId, environment: fx.productionEnvironmentId },
    })
    expect(after.data?.data.map((p) => [p.name, p.enabled, p.logging])).toEqual([
      ['require-api-key', true, undefined],
      [
        'per-ip-limit',
        false,
        {
          requestHeaders: true,
          responseHeaders: false,
          requestBody: false,
          responseBody: false,
          query: false,
        },
      ],
    ])
    // Another environment keeps its own (empty) list.
    const preview = await t.client.raw.POST('/v2/gateway.listPolicies', {
      body: { ...where, environment: 'preview' },
    })
    expect(preview.data?.data).toEqual([])
    await t.client.raw.POST('/v2/gateway.setPolicies', { body: { ...where, policies: [] } })
    expect((await t.client.raw.POST('/v2/gateway.listPolicies', { body: where })).data?.data).toEqual([])
  })
})
