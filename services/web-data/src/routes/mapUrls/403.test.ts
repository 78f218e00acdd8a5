import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/map → 403 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false, allowPrivateUrls: false })

  it('refuses a loopback address unless private URLs are allowed', async () => {
    const { error, response } = await t.client.POST('/v2/map', { body: { url: site.url } })
    expect(response.status).toBe(403)
    expect(error).toMatchObject({ success: false, error: 'Forbidden', code: 'URL_NOT_ALLOWED' })
    expect(site.hits.size).toBe(0)
  })
})
