import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('POST /v2/map → 400 (%s)', (kind) => {
  const _site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('answers Invalid URL for a missing or non-http url', async () => {
    for (const body of [{}, { url: 'javascript:alert(1)' }]) {
      const { error, response } = await t.client.POST('/v2/map', { body: body as never })
      expect(response.status).toBe(400)
      expect(error).toEqual({ success: false, error: 'Invalid URL' })
    }
  })

  it('refuses a timeout or limit out of range instead of failing', async () => {
    for (const body of [{ timeout: -1 }, { timeout: 9_007_199_254_740_991 }, { limit: -1 }]) {
      const answer = await t.client.POST('/v2/map', { body: { url: _site.url, ...body } })
      expectBadRequest(answer, 'body', Object.keys(body)[0] as string)
    }
  })
})
