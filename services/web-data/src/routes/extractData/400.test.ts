import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/extract → 400 (%s)', (kind) => {
  const _site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('answers Bad Request without urls', async () => {
    const { error, response } = await t.client.POST('/v2/extract', { body: { prompt: 'x' } as never })
    expect(response.status).toBe(400)
    expect(error?.success).toBe(false)
  })

  it('answers Invalid URL when no URL is valid', async () => {
    const { error, response } = await t.client.POST('/v2/extract', { body: { urls: ['nope'] } })
    expect(response.status).toBe(400)
    expect(error).toEqual({ success: false, error: 'Invalid URL' })
  })
})
