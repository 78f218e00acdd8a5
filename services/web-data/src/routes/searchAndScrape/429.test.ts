import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/search → 429 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses requests beyond the per-minute limit of the team with Retry-After', async () => {
    const team = await t.newTeam(100)
    await t.service.db.query('UPDATE teams SET rate_limit_per_min = 2 WHERE id = $1', [team.teamId])
    const client = t.clientWith(team.key)
    const search = () => client.POST('/v2/search', { body: { query: 'kettle' } })
    const statuses: number[] = []
    let last: Awaited<ReturnType<typeof search>> | undefined
    for (let i = 0; i < 3; i++) {
      last = await search()
      statuses.push(last.response.status)
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200])
    // The window is a calendar minute: when the third request opened a new one, a fourth is over.
    const limited = statuses[2] === 429 ? last : await search()
    expect(limited?.response.status).toBe(429)
    expect(limited?.error).toEqual({ success: false, error: 'Rate limit exceeded' })
    const retryAfter = Number(limited?.response.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // Every operation is metered, and other teams keep their own budget.
    const other = await client.GET('/v2/team/credit-usage')
    expect(other.response.status).toBe(429)
    expect((await t.client.POST('/v2/search', { body: { query: 'kettle' } })).response.status).toBe(200)
  })
})
