import { readFileSync } from 'node:fs'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { TWO_POLICIES, withPolicies } from '../../testing/gateway-fixtures.js'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.listPolicies 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  const withIds = TWO_POLICIES.map((p) => ({ id: expect.stringMatching(/^pol_\w+$/), ...p }))

  it('lists the policies in order, each with its id, addressed by slugs or by ids', async () => {
    const { fx, where } = await withPolicies(t)
    const bySlug = await call(t, 'gateway.listPolicies', where)
    expect(bySlug.response.status).toBe(200)
    expect(bySlug.data?.data).toEqual(withIds)
    const byId = await call(t, 'gateway.listPolicies', {
      project: fx.projectId,
      app: fx.appId,
      environment: fx.productionEnvironmentId,
    })
    // The ids are stored: the same on every read.
    expect(byId.data?.data).toEqual(bySlug.data?.data)
  })

  it('gives every policy a new id when setPolicies replaces the list', async () => {
    const { where } = await withPolicies(t)
    const before = (await call(t, 'gateway.listPolicies', where)).data?.data as Array<{ id: string }>
    expect(new Set(before.map((p) => p.id)).size).toBe(2)
    expect((await call(t, 'gateway.setPolicies', { ...where, policies: TWO_POLICIES })).response.status).toBe(
      200,
    )
    const after = (await call(t, 'gateway.listPolicies', where)).data?.data as Array<{ id: string }>
    expect(after).toEqual(withIds)
    expect(after.map((p) => p.id).filter((id) => before.some((b) => b.id === id))).toEqual([])
  })

  it('gives policies stored before ids existed one (migration 330)', async () => {
    const { fx, where } = await withPolicies(t)
    await t.service.db.query(
      `UPDATE gateway_policies SET policies = (SELECT jsonb_agg(p - 'id') FROM jsonb_array_elements(policies) p)
       WHERE environment_id = $1`,
      [fx.productionEnvironmentId],
    )
    const migration = readFileSync(
      new URL('../../../migrations/330_gateway_policy_ids.sql', import.meta.url),
      'utf8',
    )
    await t.service.db.query(migration)
    expect((await call(t, 'gateway.listPolicies', where)).data?.data).toEqual(withIds)
  })
})
