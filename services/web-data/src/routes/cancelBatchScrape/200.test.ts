import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batchFinished } from '../../testing/crawl.js'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('DELETE /v2/batch/scrape/{id} → 200 (%s)', (kind) => {
  let t: TestService
  let site: CrawlSite
  beforeAll(async () => {
    site = await startCrawlSite({ delayMs: 150 })
    t = await startTestService({ kind })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('stops a running batch', async () => {
    const urls = [1, 2, 3, 4, 5].map((i) => site.at(`/docs/${i}`))
    const started = await t.client.POST('/v2/batch/scrape', { body: { urls, maxConcurrency: 1 } })
    const id = started.data?.id as string
    const { data, response } = await t.client.DELETE('/v2/batch/scrape/{id}', { params: { path: { id } } })
    expect(response.status).toBe(200)
    expect(data).toEqual({ status: 'cancelled' })
    const status = await batchFinished(t.client, id)
    expect(status.status).toBe('cancelled')
    expect(status.completed).toBeLessThan(5)
  })
})
