import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('ratelimit.multiLimit 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('needs ratelimit.*.limit', async () => {
    const key = await t.key(['ratelimit.rlns_x.limit'])
    const { response } = await t.clientFor(key).raw.POST('/v2/ratelimit.multiLimit', {
      body: [{ namespace: 'api', identifier: 'u', limit: 1, duration: 1000 }],
    })
    expect(response.status).toBe(403)
  })
})
