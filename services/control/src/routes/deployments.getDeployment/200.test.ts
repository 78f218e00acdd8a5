import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { SEED } from '../../seed.js'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.getDeployment 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  const get = (deploymentId: string, key?: string) =>
    (key ? t.clientFor(key) : t.client).raw.POST('/v2/deployments.getDeployment', { body: { deploymentId } })

  it('returns the seeded current deployment with its fields', async () => {
    const { data, response } = await get(SEED.deployments.current)
    expect(response.status).toBe(200)
    expect(data?.data).toMatchObject({
      id: SEED.deployments.current,
      status: 'ready',
      isCurrent: true,
      environment: SEED.productionEnvironmentId,
      app: SEED.appId,
      project: SEED.projectId,
      availableActions: ['stop'],
      git: { branch: 'main' },
    })
  })

  it('shows the actions each state allows', async () => {
    const fx = await t.fixture()
    const actions = async (id: string) => (await get(id)).data?.data.availableActions
    expect(await actions(fx.v1)).toEqual(['promote', 'rollback', 'stop'])
    expect(await actions(fx.current)).toEqual(['stop'])
    expect(await actions(fx.failed)).toEqual([])
    expect(await actions(fx.stopped)).toEqual(['start'])
    expect(await actions(fx.shuttingDown)).toEqual([])
    expect(await actions(fx.preview)).toEqual(['stop'])
  })

  it('returns the failure of a failed deployment', async () => {
    const { data } = await get(SEED.deployments.failed)
    expect(data?.data.error).toEqual({
      code: 'build_failed',
      step: 'build',
      message: 'Dockerfile not found at ./Dockerfile',
    })
  })

  it('is granted by a read permission on the deployment environment', async () => {
    const fx = await t.fixture()
    const key = await t.key([`environment/${fx.previewEnvironmentId}#read_deployment`])
    expect((await get(fx.preview, key)).response.status).toBe(200)
  })
})
