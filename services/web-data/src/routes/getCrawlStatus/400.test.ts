import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/crawl/{id} → 400 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('answers Bad Request for an id that is not a UUID', async () => {
    const { error, response } = await t.client.GET('/v2/crawl/{id}', { params: { path: { id: 'nope' } } })
    expect(response.status).toBe(400)
    expect(error?.success).toBe(false)
  })

  it('answers Bad Request for a skip that is not a number', async () => {
    const started = await t.client.POST('/v2/crawl', { body: { url: site.url } })
    const id = started.data?.id as string
    const { error, response } = await t.client.GET('/v2/crawl/{id}', {
      params: { path: { id }, query: { skip: 'x' } as never },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({ success: false, error: 'Bad Request' })
  })
})
