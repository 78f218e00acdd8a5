import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.createDeployment 201 (%s)', (kind) => {
  const t = useTestService({ kind })
  const get = (deploymentId: string) => t.client.deployments.getDeployment({ deploymentId })

  it('records a pending deployment that walks to ready and takes live traffic in production', async () => {
    const fx = await t.fixture()
    const { data, response } = await t.client.raw.POST('/v2/deployments.createDeployment', {
      body: { project: fx.projectId, app: fx.appSlug, environment: 'production', git: { branch: 'release' } },
    })
    expect(response.status).toBe(201)
    const id = data?.data.deploymentId as string
    expect(id).toMatch(/^d_/)
    await eventually(async () => (await get(id)).isCurrent)
    const d = await get(id)
    expect(d).toMatchObject({
      status: 'ready',
      environment: fx.productionEnvironmentId,
      git: { branch: 'release' },
    })
    expect((await get(fx.current)).isCurrent).toBe(false)
  })

  it('never gives a preview deployment live traffic', async () => {
    const fx = await t.fixture()
    const { deploymentId } = await t.client.deployments.createDeployment({
      project: fx.projectSlug,
      app: fx.appId,
      environment: 'preview',
      deployment: { deploymentId: fx.v1 },
    })
    await eventually(async () => (await get(deploymentId)).status === 'ready')
    expect((await get(deploymentId)).isCurrent).toBe(false)
    expect((await get(fx.current)).isCurrent).toBe(true)
  })
})
