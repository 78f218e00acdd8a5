import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/crawl/params-preview → 400 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('answers 400 for a missing prompt or an invalid url', async () => {
    const a = await t.client.POST('/v2/crawl/params-preview', { body: { url: site.url } as never })
    expect(a.response.status).toBe(400)
    const b = await t.client.POST('/v2/crawl/params-preview', {
      body: { url: 'mailto:x@y.z', prompt: 'all' },
    })
    expect(b.response.status).toBe(400)
    expect(b.error?.success).toBe(false)
  })
})
