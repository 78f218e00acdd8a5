import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { withPolicies } from '../../testing/gateway-fixtures.js'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.listPolicies 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('needs read_policies on that environment', async () => {
    const { fx, where } = await withPolicies(t)
    const reader = await t.key([`environment.${fx.productionEnvironmentId}.read_policies`])
    expect((await call(t, 'gateway.listPolicies', where, reader)).response.status).toBe(200)
    const preview = await call(t, 'gateway.listPolicies', { ...where, environment: 'preview' }, reader)
    expect(preview.response.status).toBe(403)
    const writer = await t.key([`environment.${fx.productionEnvironmentId}.update_policies`])
    expect((await call(t, 'gateway.listPolicies', where, writer)).response.status).toBe(403)
  })
})
