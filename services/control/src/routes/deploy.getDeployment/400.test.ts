import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deploy.getDeployment 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('rejects ids that do not match ^d_[a-zA-Z0-9]+$ (such as the seeded d_seed_v1)', async () => {
    for (const deploymentId of ['x_123', 'd_seed_v1', '']) {
      const answer = await call(t, 'deploy.getDeployment', { deploymentId })
      expect(answer.status, deploymentId).toBe(400)
      expect(locationsOf(answer.error)).toContain('body.deploymentId')
    }
  })
})
