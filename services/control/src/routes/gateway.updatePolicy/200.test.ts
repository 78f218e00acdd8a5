import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { withPolicies } from '../../testing/gateway-fixtures.js'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.updatePolicy 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('finds the policy by the id listPolicies gives, and keeps its id', async () => {
    const { where } = await withPolicies(t)
    const listed = (await call(t, 'gateway.listPolicies', where)).data?.data as Array<{
      id: string
      name: string
    }>
    const target = listed[1] as { id: string; name: string }
    const upd = await call(t, 'gateway.updatePolicy', { ...where, policyId: target.id, name: 'renamed' })
    expect(upd.response.status).toBe(200)
    const after = (await call(t, 'gateway.listPolicies', where)).data?.data as Array<{
      id: string
      name: string
    }>
    expect(after.map((p) => [p.id, p.name])).toEqual([
      [listed[0]?.id, listed[0]?.name],
      [target.id, 'renamed'],
    ])
  })

  it('changes only the named policy, in place', async () => {
    const { fx, where } = await withPolicies(t)
    const upd = await call(t, 'gateway.updatePolicy', {
      ...where,
      policyId: 'per-ip-limit',
      enabled: false,
      logging: { requestHeaders: true },
    })
    expect(upd.response.status).toBe(200)
    const after = await call(t, 'gateway.listPolicies', {
      project: fx.projectId,
      app: fx.appId,
      environment: fx.productionEnvironmentId,
    })
    const policies = after.data?.data as Array<{ name: string; enabled: boolean; logging?: unknown }>
    expect(policies.map((p) => [p.name, p.enabled, p.logging])).toEqual([
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
  })

  it('removes the match expressions with match: null, so the policy applies to every request', async () => {
    const { where } = await withPolicies(t)
    const upd = await call(t, 'gateway.updatePolicy', { ...where, policyId: 'require-api-key', match: null })
    expect(upd.response.status).toBe(200)
    const after = (await call(t, 'gateway.listPolicies', where)).data?.data as Array<Record<string, unknown>>
    const [policy] = after
    expect(policy).toMatchObject({ name: 'require-api-key', keyauth: { keyspaces: ['api_1'] } })
    expect(policy?.match ?? []).toEqual([])
  })

  it('replaces the rule with the one given, switching its kind, as the official SDK documents', async () => {
    const { where } = await withPolicies(t)
    const upd = await call(t, 'gateway.updatePolicy', {
      ...where,
      policyId: 'require-api-key',
      ratelimit: { limit: 5, windowMs: 1000 },
    })
    expect(upd.response.status).toBe(200)
    const after = (await call(t, 'gateway.listPolicies', where)).data?.data as Array<Record<string, unknown>>
    const updated = after.find((p) => p.name === 'require-api-key')
    expect(updated).toMatchObject({ ratelimit: { limit: 5, windowMs: 1000 } })
    // A policy with two rules would still demand keys where the caller asked for a rate limit.
    expect(updated).not.toHaveProperty('keyauth')
  })
})
