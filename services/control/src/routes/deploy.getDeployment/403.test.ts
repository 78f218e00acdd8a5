import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deploy.getDeployment 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 (not 404 as deployments.getDeployment does) without read_deployment', async () => {
    const fx = await t.fixture()
    const { deploymentId } = await t.client.deployments.createDeployment({
      ...production(fx),
      image: { dockerImage: 'i:1' },
    })
    const key = await t.key([`environment.${fx.previewEnvironmentId}.read_deployment`])
    expect((await call(t, 'deploy.getDeployment', { deploymentId }, key)).status).toBe(403)
    expect((await call(t, 'deployments.getDeployment', { deploymentId }, key)).status).toBe(404)
  })
})
