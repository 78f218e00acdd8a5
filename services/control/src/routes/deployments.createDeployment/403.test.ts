import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.createDeployment 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 when the key may not deploy to the environment', async () => {
    const fx = await t.fixture()
    const key = await t.key([`environment.${fx.previewEnvironmentId}.create_deployment`])
    const body = { project: fx.projectId, app: fx.appId, image: { dockerImage: 'ghcr.io/acme/app:1' } }
    const denied = await t.clientFor(key).raw.POST('/v2/deployments.createDeployment', {
      body: { ...body, environment: 'production' },
    })
    expect(denied.response.status).toBe(403)
    expect(denied.error?.error.type).toBe(
      'https://docs.deploy-control.dev/errors/authorization/insufficient_permissions',
    )
    const allowed = await t.clientFor(key).raw.POST('/v2/deployments.createDeployment', {
      body: { ...body, environment: 'preview' },
    })
    expect(allowed.response.status).toBe(201)
  })
})
