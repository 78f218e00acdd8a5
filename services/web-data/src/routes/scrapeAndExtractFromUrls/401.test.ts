import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/batch/scrape → 401 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('answers Unauthorized: Invalid token without a valid key', async () => {
    for (const key of ['', 'wd-unknown']) {
      const { error, response } = await t
        .clientWith(key)
        .POST('/v2/batch/scrape', { body: { urls: [site.url] } })
      expect(response.status).toBe(401)
      expect(error).toEqual({ success: false, error: 'Unauthorized: Invalid token' })
    }
  })
})
