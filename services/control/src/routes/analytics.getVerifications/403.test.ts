import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('analytics.* 403 (%s)', (kind) => {
  const t = useService(kind)

  it('needs the read permission of each source', async () => {
    const key = await t.key(['ratelimit.*.read_analytics'])
    const c = t.clientFor(key)
    const query = { query: 'SELECT 1' }
    expect((await c.raw.POST('/v2/analytics.getVerifications', { body: query })).response.status).toBe(403)
    expect((await c.raw.POST('/v2/analytics.getGatewayRequests', { body: query })).response.status).toBe(403)
    expect((await c.raw.POST('/v2/analytics.getRuntimeLogs', { body: query })).response.status).toBe(403)
    expect((await c.raw.POST('/v2/analytics.getRatelimits', { body: query })).response.status).toBe(200)
  })
})
