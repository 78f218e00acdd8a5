import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { batchFinished } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('DELETE /v2/batch/scrape/{id} → 200 (%s)', (kind) => {
  const site = useCrawlSite({ delayMs: 150 })
  const t = useTestService({ kind })

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

  it('answers the same for a batch that already finished, which keeps its status and pages', async () => {
    const started = await t.client.POST('/v2/batch/scrape', { body: { urls: [site.at('/about.html')] } })
    const id = started.data?.id as string
    const done = await batchFinished(t.client, id)
    const { data, response } = await t.client.DELETE('/v2/batch/scrape/{id}', { params: { path: { id } } })
    expect(response.status).toBe(200)
    expect(data).toEqual({ status: 'cancelled' })
    const after = await t.client.GET('/v2/batch/scrape/{id}', { params: { path: { id } } })
    expect(after.data).toMatchObject({ status: 'completed', completed: done.completed })
  })
})
