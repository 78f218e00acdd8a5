import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deployments.stopDeployment 202 (%s)', (kind) => {
  const t = useTestService({ kind })
  const get = (deploymentId: string) => t.client.deployments.getDeployment({ deploymentId })

  it('stops a ready deployment: shutting down first, then stopped, and no rollback target', async () => {
    const fx = await t.fixture()
    const { status } = await call(t, 'deployments.stopDeployment', { deploymentId: fx.v1 })
    expect(status).toBe(202)
    await eventually(async () => (await get(fx.v1)).status === 'stopped')
    expect((await get(fx.v1)).availableActions).toEqual(['start'])
    expect((await call(t, 'deployments.rollbackDeployment', { deploymentId: fx.v1 })).status).toBe(412)
  })

  it('cancels a deployment that is still being built: cancelled at once, with no action left', async () => {
    const fx = await t.fixture()
    const { status } = await call(t, 'deployments.stopDeployment', { deploymentId: fx.building })
    expect(status).toBe(202)
    const d = await get(fx.building)
    expect(d.status).toBe('cancelled')
    expect(d.availableActions).toEqual([])
  })
})
