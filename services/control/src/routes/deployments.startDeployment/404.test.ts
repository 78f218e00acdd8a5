import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deployments.startDeployment 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers the same 404 for an unknown deployment and for a key without the permission', async () => {
    const fx = await t.fixture()
    const stopper = await t.key([`environment.${fx.productionEnvironmentId}.stop_deployment`])
    const denied = await call(t, 'deployments.startDeployment', { deploymentId: fx.stopped }, stopper)
    expect(denied.status).toBe(404)
    const unknown = await call(t, 'deployments.startDeployment', { deploymentId: 'd_nope_1' })
    expect(unknown.status).toBe(404)
    expect(denied.error.error.type).toBe(unknown.error.error.type)
    const starter = await t.key([`environment.${fx.productionEnvironmentId}.start_deployment`])
    expect((await call(t, 'deployments.startDeployment', { deploymentId: fx.stopped }, starter)).status).toBe(
      202,
    )
  })
})
