import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { batchFinished } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('DELETE /v2/batch/scrape/{id} → 409 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind })

  it('answers Conflict for a batch that already finished', async () => {
    const started = await t.client.POST('/v2/batch/scrape', { body: { urls: [site.at('/about.html')] } })
    const id = started.data?.id as string
    await batchFinished(t.client, id)
    const { error, response } = await t.client.DELETE('/v2/batch/scrape/{id}', { params: { path: { id } } })
    expect(response.status).toBe(409)
    expect(error).toEqual({ success: false, error: 'Conflict' })
  })
})
