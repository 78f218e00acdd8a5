import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deploy.createDeployment 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown app or environment slug', async () => {
    const fx = await t.fixture()
    const body = {
      project: fx.projectId,
      app: fx.appId,
      environmentSlug: 'production',
      branch: 'main',
      dockerImage: 'i',
    }
    expect((await call(t, 'deploy.createDeployment', { ...body, app: 'nope' })).status).toBe(404)
    expect((await call(t, 'deploy.createDeployment', { ...body, environmentSlug: 'staging' })).status).toBe(
      404,
    )
  })
})
