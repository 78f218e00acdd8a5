import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/map → 408 (%s)', (kind) => {
  const site = useCrawlSite({ delayMs: 2000 })
  const t = useTestService({ kind, worker: false })

  it('answers Request Timeout when the site answers later than timeout', async () => {
    const { error, response } = await t.client.POST('/v2/map', { body: { url: site.url, timeout: 200 } })
    expect(response.status).toBe(408)
    expect(error).toEqual({ success: false, error: 'Request Timeout' })
  })
})
