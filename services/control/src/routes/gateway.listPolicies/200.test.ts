import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { TWO_POLICIES, withPolicies } from '../../testing/gateway-fixtures.js'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.listPolicies 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('lists the policies in order, addressed by slugs or by ids', async () => {
    const { fx, where } = await withPolicies(t)
    const bySlug = await call(t, 'gateway.listPolicies', where)
    expect(bySlug.response.status).toBe(200)
    expect(bySlug.data?.data).toEqual(TWO_POLICIES)
    const byId = await call(t, 'gateway.listPolicies', {
      project: fx.projectId,
      app: fx.appId,
      environment: fx.productionEnvironmentId,
    })
    expect(byId.data?.data).toEqual(TWO_POLICIES)
  })
})
