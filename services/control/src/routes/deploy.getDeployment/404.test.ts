import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deploy.getDeployment 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown deployment', async () => {
    const answer = await call(t, 'deploy.getDeployment', { deploymentId: 'd_doesNotExist' })
    expect(answer.status).toBe(404)
    expect(answer.error.error.type).toBe('https://docs.deploy-control.dev/errors/data/deployment_not_found')
  })
})
