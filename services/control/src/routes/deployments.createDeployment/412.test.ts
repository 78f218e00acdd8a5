import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.createDeployment 412 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 412 for a git source when the app has no repository', async () => {
    const fx = await t.fixture()
    await t.service.db.query('UPDATE apps SET git_repository = NULL WHERE id = $1', [fx.appId])
    const { response, error } = await t.client.raw.POST('/v2/deployments.createDeployment', {
      body: { project: fx.projectId, app: fx.appId, environment: 'production', git: { branch: 'main' } },
    })
    expect(response.status).toBe(412)
    expect(error?.error.detail).toMatch(/no connected repository/)
  })

  it('answers 412 when redeploying a deployment of another app', async () => {
    const fx = await t.fixture()
    const other = await t.fixture()
    const { response } = await t.client.raw.POST('/v2/deployments.createDeployment', {
      body: {
        project: fx.projectId,
        app: fx.appId,
        environment: 'production',
        deployment: { deploymentId: other.v1 },
      },
    })
    expect(response.status).toBe(412)
  })
})
