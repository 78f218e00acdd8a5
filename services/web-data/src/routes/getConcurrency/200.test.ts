import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/concurrency-check → 200 (%s)', (kind) => {
  // No worker: a started job stays due, so it counts until the block ends.
  const t = useTestService({ kind, worker: false })

  it("counts the team's running and due jobs against its limit", async () => {
    const before = await t.client.GET('/v2/concurrency-check')
    expect(before.response.status).toBe(200)
    expect(before.data).toEqual({ success: true, concurrency: 0, maxConcurrency: 50 })
    const started = await t.client.POST('/v2/batch/scrape', { body: { urls: ['https://example.com/'] } })
    expect(started.response.status).toBe(200)
    const after = await t.client.GET('/v2/concurrency-check')
    expect(after.data).toEqual({ success: true, concurrency: 1, maxConcurrency: 50 })
    const other = await t.newTeam(10)
    expect((await t.clientWith(other.key).GET('/v2/concurrency-check')).data?.concurrency).toBe(0)
  })
})
