import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/map → 402 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('answers Payment Required: Insufficient credits when the team has no credits left', async () => {
    const team = await t.newTeam(0)
    const { error, response } = await t.clientWith(team.key).POST('/v2/map', { body: { url: site.url } })
    expect(response.status).toBe(402)
    expect(error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
  })
})
