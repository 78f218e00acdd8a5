import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('ratelimit.multiLimit 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  const check = { namespace: 'api', identifier: 'u', limit: 1, duration: 1000 }

  it.each([
    [[], 'body'],
    [Array.from({ length: 101 }, () => check), 'body'],
    [[{ ...check, duration: 10 }], 'body[0].duration'],
    [{ checks: [check] }, 'body'],
  ])('rejects %#', async (body, location) => {
    const { response, error } = await t.client.raw.POST('/v2/ratelimit.multiLimit', { body: body as never })
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
})
