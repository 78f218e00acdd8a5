import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { batchFinished } from '../../testing/crawl.js'
import type { TestService } from '../../testing/harness.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

const ENDED = (status: string) => ({
  success: false,
  error: 'Conflict',
  code: 'BATCH_SCRAPE_ENDED',
  details: { reason: `The batch scrape was ${status}; start a new batch scrape instead.` },
})

async function appendTo(client: TestService['client'], id: string, url: string) {
  return client.POST('/v2/batch/scrape', { body: { urls: [url], appendToId: id } })
}

// A 409 for an Idempotency-Key still in use is src/idempotency.test.ts's (every write's).
describe.each(testDatabaseKinds())('POST /v2/batch/scrape with appendToId → 409 (%s)', (kind) => {
  const site = useCrawlSite()
  // No worker: a batch stays scraping until it is cancelled.
  const idle = useTestService({ kind, worker: false })
  const t = useTestService({ kind })

  it('answers Conflict BATCH_SCRAPE_ENDED for a cancelled batch, which stays as it was', async () => {
    const { data } = await idle.client.POST('/v2/batch/scrape', { body: { urls: [site.at('/docs/1')] } })
    const id = data?.id as string
    expect(
      (await idle.client.DELETE('/v2/batch/scrape/{id}', { params: { path: { id } } })).response.status,
    ).toBe(200)
    const { error, response } = await appendTo(idle.client, id, site.at('/docs/2'))
    expect(response.status).toBe(409)
    expect(error).toEqual(ENDED('cancelled'))
    const status = await idle.client.GET('/v2/batch/scrape/{id}', { params: { path: { id } } })
    expect(status.data).toMatchObject({ status: 'cancelled', total: 1, completed: 0 })
  })

  it('answers Conflict BATCH_SCRAPE_ENDED for a batch that failed when the credits ran out', async () => {
    const team = await t.newTeam(1)
    const client = t.clientWith(team.key)
    const { data } = await client.POST('/v2/batch/scrape', {
      body: { urls: [site.at('/docs/1'), site.at('/docs/2')], maxConcurrency: 1 },
    })
    const id = data?.id as string
    expect(await batchFinished(client, id)).toMatchObject({ status: 'failed', total: 2, completed: 1 })
    // Credits again, so that the append is not refused for its price first.
    await t.service.db.query('UPDATE teams SET credits_remaining = 10 WHERE id = $1', [team.teamId])
    const { error, response } = await appendTo(client, id, site.at('/docs/3'))
    expect(response.status).toBe(409)
    expect(error).toEqual(ENDED('failed'))
    const status = await client.GET('/v2/batch/scrape/{id}', { params: { path: { id } } })
    expect(status.data).toMatchObject({ status: 'failed', total: 2, completed: 1 })
  })
})
