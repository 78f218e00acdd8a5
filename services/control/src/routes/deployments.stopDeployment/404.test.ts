import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deployments.stopDeployment 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for unknown deployments and for keys without the permission', async () => {
    const fx = await t.fixture()
    const key = await t.key([`environment.${fx.productionEnvironmentId}.start_deployment`])
    const denied = await call(t, 'deployments.stopDeployment', { deploymentId: fx.v1 }, key)
    expect(denied.status).toBe(404)
    const unknown = await call(t, 'deployments.stopDeployment', { deploymentId: 'd_nope_1' })
    expect(unknown.status).toBe(404)
    expect(denied.error).toMatchObject({ error: { type: unknown.error.error.type } })
    const allowed = await t.key([`environment.${fx.productionEnvironmentId}.stop_deployment`])
    expect((await call(t, 'deployments.stopDeployment', { deploymentId: fx.v1 }, allowed)).status).toBe(202)
  })
})
