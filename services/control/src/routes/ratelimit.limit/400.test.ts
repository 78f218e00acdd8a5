import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('ratelimit.limit 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  const ok = { namespace: 'api', identifier: 'u', limit: 10, duration: 60_000 }

  it.each([
    [{ ...ok, duration: 999 }, 'body.duration'],
    [{ ...ok, duration: 2_592_000_001 }, 'body.duration'],
    [{ ...ok, limit: 0 }, 'body.limit'],
    [{ ...ok, cost: -1 }, 'body.cost'],
    [{ ...ok, identifier: '' }, 'body.identifier'],
    [{ ...ok, namespace: 'n'.repeat(513) }, 'body.namespace'],
    [{ ...ok, async: true }, 'body.async'],
    [{ namespace: 'api', identifier: 'u', limit: 10 }, 'body.duration'],
  ])('rejects %j', async (body, location) => {
    const { response, error } = await t.client.raw.POST('/v2/ratelimit.limit', { body: body as never })
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
})
