import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.createDeployment 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  const base = { project: 'demo', app: 'checkout-api', environment: 'production' }

  it.each([
    [{ ...base }, 'body'],
    [{ ...base, image: { dockerImage: 'a:1' }, git: { branch: 'main' } }, 'body.image'],
    [{ ...base, image: {} }, 'body.image.dockerImage'],
    [{ project: 'demo', app: 'checkout-api', image: { dockerImage: 'a:1' } }, 'body.environment'],
  ])('rejects %j', async (body, location) => {
    const { error, response } = await t.client.raw.POST('/v2/deployments.createDeployment', {
      body: body as never,
    })
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
})
