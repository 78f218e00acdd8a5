import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batchFinished } from '../../testing/crawl.js'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('DELETE /v2/batch/scrape/{id} → 409 (%s)', (kind) => {
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

  it('answers Conflict for a batch that already finished', async () => {
    const started = await t.client.POST('/v2/batch/scrape', { body: { urls: [site.at('/about.html')] } })
    const id = started.data?.id as string
    await batchFinished(t.client, id)
    const { error, response } = await t.client.DELETE('/v2/batch/scrape/{id}', { params: { path: { id } } })
    expect(response.status).toBe(409)
    expect(error).toEqual({ success: false, error: 'Conflict' })
  })
})
