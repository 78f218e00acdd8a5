import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.listDeployments 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    [{ limit: 0 }, 'body.limit'],
    [{ limit: 101 }, 'body.limit'],
    [{ status: ['sleeping'] }, 'body.status[0]'],
    [{ cursor: 'not-a-cursor' }, 'body.cursor'],
    [{ app: 'a' }, 'body.app'],
    [{ order: 'asc' }, 'body.order'],
  ])('rejects %j', async (body, location) => {
    const { error, response } = await t.client.raw.POST('/v2/deployments.listDeployments', {
      body: body as never,
    })
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
})
