import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/crawl/active → 401 (%s)', (kind) => {
  const _site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('answers Unauthorized: Invalid token without a valid key', async () => {
    for (const key of ['', 'wd-unknown']) {
      const { error, response } = await t.clientWith(key).GET('/v2/crawl/active')
      expect(response.status).toBe(401)
      expect(error).toEqual({ success: false, error: 'Unauthorized: Invalid token' })
    }
  })
})
