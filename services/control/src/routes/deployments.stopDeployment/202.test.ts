import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('deployments.stopDeployment / startDeployment 202 (%s)', (kind) => {
  const t = useService(kind)
  const get = (deploymentId: string) => t.client.deployments.getDeployment({ deploymentId })

  it('stops a ready deployment (shutting down first, then stopped) and starts it again', async () => {
    const fx = await t.fixture()
    const { response } = await t.client.raw.POST('/v2/deployments.stopDeployment', {
      body: { deploymentId: fx.v1 },
    })
    expect(response.status).toBe(202)
    await eventually(async () => (await get(fx.v1)).status === 'stopped')
    expect((await get(fx.v1)).availableActions).toEqual(['start'])
    // A stopped deployment is no rollback target.
    const rollback = await t.client.raw.POST('/v2/deployments.rollbackDeployment', {
      body: { deploymentId: fx.v1 },
    })
    expect(rollback.response.status).toBe(412)

    const started = await t.client.raw.POST('/v2/deployments.startDeployment', {
      body: { deploymentId: fx.v1 },
    })
    expect(started.response.status).toBe(202)
    await eventually(async () => (await get(fx.v1)).status === 'ready')
    expect((await get(fx.v1)).availableActions).toEqual(['promote', 'rollback', 'stop'])
  })
})
