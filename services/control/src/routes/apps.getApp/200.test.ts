import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('apps.getApp 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('shows the current deployment and the rolled-back marking before and after a rollback', async () => {
    const fx = await t.fixture()
    const app = () => t.client.apps.getApp({ project: fx.projectSlug, app: fx.appSlug })
    expect(await app()).toMatchObject({ id: fx.appId, currentDeploymentId: fx.current, isRolledBack: false })
    await t.client.deployments.rollbackDeployment({ deploymentId: fx.v1 })
    await eventually(async () => (await app()).isRolledBack)
    expect((await app()).currentDeploymentId).toBe(fx.v1)
  })
})
