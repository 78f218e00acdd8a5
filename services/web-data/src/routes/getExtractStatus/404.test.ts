import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('GET /v2/extract/{id} → 404 (%s)', (kind) => {
  let t: TestService
  let site: CrawlSite
  beforeAll(async () => {
    site = await startCrawlSite()
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('answers Not Found for an unknown id', async () => {
    const id = '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10'
    const { error, response } = await t.client.GET('/v2/extract/{id}', { params: { path: { id } } })
    expect(response.status).toBe(404)
    expect(error).toEqual({ success: false, error: 'Not Found' })
  })

  it("answers Not Found for another team's job", async () => {
    const started = await t.client.POST('/v2/extract', { body: { urls: [site.url] } })
    const id = started.data?.id as string
    const other = await t.newTeam(10)
    const { error, response } = await t
      .clientWith(other.key)
      .GET('/v2/extract/{id}', { params: { path: { id } } })
    expect(response.status).toBe(404)
    expect(error?.error).toBe('Not Found')
  })
})
