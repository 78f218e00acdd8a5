import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { withPolicies } from '../../testing/gateway-fixtures.js'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.updatePolicy 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('needs update_policies on the environment, and changes nothing without it', async () => {
    const { fx, where } = await withPolicies(t)
    const reader = await t.key([`environment.${fx.productionEnvironmentId}.read_policies`])
    const body = { ...where, policyId: 'per-ip-limit', enabled: false }
    expect((await call(t, 'gateway.updatePolicy', body, reader)).response.status).toBe(403)
    const list = await call(t, 'gateway.listPolicies', where)
    expect(((list.data?.data ?? []) as Array<{ enabled: boolean }>).every((p) => p.enabled)).toBe(true)
  })
})
