import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.getDeployment 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    [{}, 'body.deploymentId'],
    [{ deploymentId: 'ab' }, 'body.deploymentId'],
    [{ deploymentId: 'd_seed_v1', extra: 1 }, 'body.extra'],
  ])('rejects %j', async (body, location) => {
    const { error, response } = await t.client.raw.POST('/v2/deployments.getDeployment', {
      body: body as never,
    })
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
})
