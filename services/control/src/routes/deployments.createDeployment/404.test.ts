import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.createDeployment 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown project, app, environment or source deployment', async () => {
    const image = { dockerImage: 'ghcr.io/acme/app:1' }
    for (const body of [
      { project: 'nope', app: 'checkout-api', environment: 'production', image },
      { project: 'demo', app: 'nope', environment: 'production', image },
      { project: 'demo', app: 'checkout-api', environment: 'staging', image },
      {
        project: 'demo',
        app: 'checkout-api',
        environment: 'production',
        deployment: { deploymentId: 'd_nope_1' },
      },
    ]) {
      const { response } = await t.client.raw.POST('/v2/deployments.createDeployment', { body })
      expect(response.status, JSON.stringify(body)).toBe(404)
    }
  })
})
