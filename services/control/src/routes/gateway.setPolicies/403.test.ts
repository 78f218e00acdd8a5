import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.setPolicies 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('needs update_policies on the environment', async () => {
    const fx = await t.fixture()
    const where = { project: fx.projectId, app: fx.appId, environment: 'production' }
    const reader = await t.key([`environment.${fx.productionEnvironmentId}.read_policies`])
    expect((await call(t, 'gateway.setPolicies', { ...where, policies: [] }, reader)).response.status).toBe(
      403,
    )
    const writer = await t.key([`environment.${fx.productionEnvironmentId}.update_policies`])
    expect((await call(t, 'gateway.setPolicies', { ...where, policies: [] }, writer)).response.status).toBe(
      200,
    )
  })
})
