import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.promoteDeployment 202 (%s)', (kind) => {
  const t = useTestService({ kind })
  const get = (deploymentId: string) => t.client.deployments.getDeployment({ deploymentId })

  it('moves live traffic to the deployment and clears a rollback marking', async () => {
    const fx = await t.fixture()
    await t.client.deployments.rollbackDeployment({ deploymentId: fx.v1 })
    await eventually(async () => (await get(fx.v1)).isCurrent)
    const { data, response } = await t.client.raw.POST('/v2/deployments.promoteDeployment', {
      body: { deploymentId: fx.v2 },
    })
    expect(response.status).toBe(202)
    expect(data?.data).toEqual({})
    await eventually(async () => (await get(fx.v2)).isCurrent)
    expect((await get(fx.v1)).isCurrent).toBe(false)
    const [app] = await t.service.db.query<{ is_rolled_back: boolean }>(
      'SELECT is_rolled_back FROM apps WHERE id = $1',
      [fx.appId],
    )
    expect(app?.is_rolled_back).toBe(false)
  })

  it('promotes in an app without a current deployment', async () => {
    const fx = await t.fixture({ withCurrent: false })
    await t.client.deployments.promoteDeployment({ deploymentId: fx.v1 })
    await eventually(async () => (await get(fx.v1)).isCurrent)
  })
})
