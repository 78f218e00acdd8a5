import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { eventually, startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('GET /v2/extract/{id} → 200 (%s)', (kind) => {
  let t: TestService
  let site: CrawlSite
  beforeAll(async () => {
    site = await startCrawlSite()
    t = await startTestService({ kind })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('reports processing, then completed with data and expiresAt', async () => {
    const started = await t.client.POST('/v2/extract', {
      body: {
        urls: [site.at('/about.html')],
        schema: { type: 'object', properties: { company: { type: 'string' } } } as never,
      },
    })
    const id = started.data?.id as string
    const first = await t.client.GET('/v2/extract/{id}', { params: { path: { id } } })
    expect(first.response.status).toBe(200)
    expect(['processing', 'completed']).toContain(first.data?.status)
    const done = await eventually(async () => {
      const { data } = await t.client.GET('/v2/extract/{id}', { params: { path: { id } } })
      return data?.status === 'completed' ? data : undefined
    })
    expect(done).toMatchObject({ success: true, data: { company: 'Fixture Ltd' } })
    expect(Date.parse(done.expiresAt ?? '')).toBeGreaterThan(Date.now())
  })
})
