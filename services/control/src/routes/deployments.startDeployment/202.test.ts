import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deployments.startDeployment 202 (%s)', (kind) => {
  const t = useTestService({ kind })
  const get = (deploymentId: string) => t.client.deployments.getDeployment({ deploymentId })

  it('starts a stopped deployment again: ready, without taking live traffic', async () => {
    const fx = await t.fixture()
    const { status, data } = await call(t, 'deployments.startDeployment', { deploymentId: fx.stopped })
    expect(status).toBe(202)
    expect(data.data).toEqual({})
    await eventually(async () => (await get(fx.stopped)).status === 'ready')
    const d = await get(fx.stopped)
    expect(d.isCurrent).toBe(false)
    expect(d.availableActions).toEqual(['promote', 'rollback', 'stop'])
  })
})
