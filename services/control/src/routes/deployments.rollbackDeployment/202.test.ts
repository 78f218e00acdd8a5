import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.rollbackDeployment 202 (%s)', (kind) => {
  const t = useTestService({ kind })
  const get = (deploymentId: string) => t.client.deployments.getDeployment({ deploymentId })

  it('accepts the rollback, records the workflow, then moves live traffic and marks the app rolled back', async () => {
    const fx = await t.fixture()
    const { data, response } = await t.client.raw.POST('/v2/deployments.rollbackDeployment', {
      body: { deploymentId: fx.v1 },
    })
    expect(response.status).toBe(202)
    expect(data?.data).toEqual({})
    expect(data?.meta.requestId).toMatch(/^req_/)

    // The workflow was recorded before the answer was sent.
    const ops = await t.service.db.query<{ kind: string; from_deployment_id: string; request_id: string }>(
      'SELECT kind, from_deployment_id, request_id FROM deployment_operations WHERE deployment_id = $1',
      [fx.v1],
    )
    expect(ops).toEqual([
      { kind: 'rollback', from_deployment_id: fx.current, request_id: data?.meta.requestId },
    ])

    await eventually(async () => (await get(fx.v1)).isCurrent)
    expect((await get(fx.current)).isCurrent).toBe(false)
    const [app] = await t.service.db.query<{ current_deployment_id: string; is_rolled_back: boolean }>(
      'SELECT current_deployment_id, is_rolled_back FROM apps WHERE id = $1',
      [fx.appId],
    )
    expect(app).toEqual({ current_deployment_id: fx.v1, is_rolled_back: true })

    // listDeployments shows exactly one current deployment for the app.
    const list = await t.client.deployments.listDeployments({ app: fx.appId, status: ['ready'] })
    expect(list.filter((d) => d.isCurrent).map((d) => d.id)).toEqual([fx.v1])
    // The former current one can now be rolled back to (or promoted).
    expect((await get(fx.current)).availableActions).toEqual(['promote', 'rollback', 'stop'])
  })

  it('resolves with empty data through the client facade', async () => {
    const fx = await t.fixture()
    await expect(t.client.deployments.rollbackDeployment({ deploymentId: fx.v2 })).resolves.toEqual({})
    await eventually(async () => (await get(fx.v2)).isCurrent)
  })

  it('is granted by an environment-scoped permission in either notation', async () => {
    const fx = await t.fixture()
    for (const [permission, target] of [
      [`environment.${fx.productionEnvironmentId}.rollback_deployment`, fx.v1],
      [`environment/${fx.productionEnvironmentId}#rollback_deployment`, fx.v2],
      ['environment/*#rollback_deployment', fx.current],
    ] as const) {
      // Each rollback waits for the previous one so that the target is not current any more.
      const key = await t.key([permission])
      const { response } = await t.clientFor(key).raw.POST('/v2/deployments.rollbackDeployment', {
        body: { deploymentId: target },
      })
      expect(response.status, permission).toBe(202)
      await eventually(async () => (await get(target)).isCurrent)
    }
  })

  it('keeps new production deployments off live traffic while rolled back; promote clears the marking', async () => {
    const fx = await t.fixture()
    await t.client.deployments.rollbackDeployment({ deploymentId: fx.v1 })
    await eventually(async () => (await get(fx.v1)).isCurrent)

    const { deploymentId } = await t.client.deployments.createDeployment({
      project: fx.projectId,
      app: fx.appSlug,
      environment: 'production',
      image: { dockerImage: 'ghcr.io/acme/app:2' },
    })
    await eventually(async () => (await get(deploymentId)).status === 'ready')
    expect((await get(deploymentId)).isCurrent).toBe(false)
    expect((await get(fx.v1)).isCurrent).toBe(true)

    await t.client.deployments.promoteDeployment({ deploymentId })
    await eventually(async () => (await get(deploymentId)).isCurrent)
    const [app] = await t.service.db.query<{ is_rolled_back: boolean }>(
      'SELECT is_rolled_back FROM apps WHERE id = $1',
      [fx.appId],
    )
    expect(app?.is_rolled_back).toBe(false)

    // With the marking cleared, the next ready production deployment takes traffic by itself.
    const next = await t.client.deployments.createDeployment({
      project: fx.projectSlug,
      app: fx.appId,
      environment: fx.productionEnvironmentId,
      image: { dockerImage: 'ghcr.io/acme/app:3' },
    })
    await eventually(async () => (await get(next.deploymentId)).isCurrent)
  })
})
