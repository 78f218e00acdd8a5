import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.getDeployment 401 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([undefined, 'ck_wrong'])('answers 401 for key %s', async (key) => {
    const { response, error } = await t.clientFor(key).raw.POST('/v2/deployments.getDeployment', {
      body: { deploymentId: 'd_seed_v1' },
    })
    expect(response.status).toBe(401)
    expect(error?.error.title).toBe('Unauthorized')
  })
})
