import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('deployments.stopDeployment / startDeployment 404 (%s)', (kind) => {
  const t = useService(kind)

  it('answers 404 for unknown deployments and keys without the permission', async () => {
    const fx = await t.fixture()
    const key = await t.key([`environment.${fx.productionEnvironmentId}.start_deployment`])
    const stop = await t
      .clientFor(key)
      .raw.POST('/v2/deployments.stopDeployment', { body: { deploymentId: fx.v1 } })
    expect(stop.response.status).toBe(404)
    const start = await t.clientFor(key).raw.POST('/v2/deployments.startDeployment', {
      body: { deploymentId: fx.stopped },
    })
    expect(start.response.status).toBe(202)
    const unknown = await t.client.raw.POST('/v2/deployments.startDeployment', {
      body: { deploymentId: 'd_nope_1' },
    })
    expect(unknown.response.status).toBe(404)
  })
})
