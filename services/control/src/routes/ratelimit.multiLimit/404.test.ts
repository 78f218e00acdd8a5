import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('ratelimit.multiLimit 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 before counting anything when a namespace is unknown and may not be created', async () => {
    const known = `ns_${randomToken(6)}`
    const body = { namespace: known, identifier: 'u', limit: 1, duration: 2_592_000_000 }
    await t.client.raw.POST('/v2/ratelimit.limit', { body: { ...body, identifier: 'warmup' } })
    const key = await t.key(['ratelimit.*.limit'])
    const { response } = await t.clientFor(key).raw.POST('/v2/ratelimit.multiLimit', {
      body: [body, { ...body, namespace: `missing_${randomToken(6)}` }],
    })
    expect(response.status).toBe(404)
    const again = await t.client.raw.POST('/v2/ratelimit.limit', { body })
    expect(again.data?.data.success).toBe(true)
  })
})
