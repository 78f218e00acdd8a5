import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deploy.createDeployment 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without create_deployment on the environment', async () => {
    const fx = await t.fixture()
    const key = await t.key([`environment.${fx.previewEnvironmentId}.create_deployment`])
    const body = { project: fx.projectId, app: fx.appId, branch: 'main', dockerImage: 'img:1' }
    expect(
      (await call(t, 'deploy.createDeployment', { ...body, environmentSlug: 'production' }, key)).status,
    ).toBe(403)
    expect(
      (await call(t, 'deploy.createDeployment', { ...body, environmentSlug: 'preview' }, key)).status,
    ).toBe(201)
  })
})
