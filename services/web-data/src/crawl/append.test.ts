// Appending URLs to a batch scrape (POST /v2/batch/scrape with `appendToId`): concurrent appends,
// the options and price of an append's pages, URLs the batch has already, and appends that race
// the batch's run. The answers of the operation itself are in routes/scrapeAndExtractFromUrls/.
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../billing/credits.js'
import { batchFinished, sourcePaths } from '../testing/crawl.js'
import type { TestService } from '../testing/harness.js'
import { useCrawlSite, useTestService } from '../testing/lifecycle.js'

type Client = TestService['client']

async function startBatch(client: Client, body: Record<string, unknown>): Promise<string> {
  const { data, response } = await client.POST('/v2/batch/scrape', { body: body as never })
  expect(response.status).toBe(200)
  return data?.id as string
}

async function append(client: Client, id: string, body: Record<string, unknown>) {
  const { data, response, error } = await client.POST('/v2/batch/scrape', {
    body: { ...body, appendToId: id } as never,
  })
  expect(error).toBeUndefined()
  expect(response.status).toBe(200)
  expect(data?.id).toBe(id)
}

const COMPANY = { type: 'object', properties: { company: { type: 'string' } } }

describe.each(testDatabaseKinds())('appending to a batch scrape (%s)', (kind) => {
  const site = useCrawlSite({ docs: 3 })
  // Answers slowly, so that appends arrive while the batch's run is busy with its first pages.
  const slow = useCrawlSite({ docs: 3, delayMs: 300 })
  const t = useTestService({ kind })

  it('lands 20 appends sent at once to one batch: every URL once, none lost, each charged once', async () => {
    const team = await t.newTeam(1_000)
    const client = t.clientWith(team.key)
    const id = await startBatch(client, { urls: [slow.at('/docs/1'), slow.at('/docs/2')], maxConcurrency: 2 })
    // Distinct URLs (the query is part of a page's key), on both sites: some appends come while
    // the run still scrapes, some after it read its pages.
    const appended = Array.from({ length: 20 }, (_, i) => [
      slow.at(`/docs/3?n=${i}`),
      site.at(`/docs/1?n=${i}`),
    ])
    await Promise.all(appended.map((urls) => append(client, id, { urls })))

    const status = await batchFinished(client, id, 60_000)
    expect(status).toMatchObject({
      status: 'completed',
      total: 42,
      completed: 42,
      creditsUsed: 42,
      next: null,
    })
    const expected = [slow.at('/docs/1'), slow.at('/docs/2'), ...appended.flat()].map((u) => {
      const url = new URL(u)
      return `${url.pathname}${url.search}`
    })
    // Both sites serve the same paths: the sources are compared with their hosts.
    const sources = (status.data ?? []).map((d) => d.metadata?.sourceURL)
    expect(sources).toHaveLength(42)
    expect(new Set(sources).size).toBe(42)
    expect(sourcePaths(status.data ?? [])).toEqual(expected.sort())
    expect(await balance(t.service.db, team.teamId)).toBe(1_000 - 42)
  }, 90_000)

  it('scrapes the pages of an append with its options and charges them at its price', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    const id = await startBatch(client, { urls: [site.at('/docs/1')], formats: ['markdown'] })
    await append(client, id, {
      urls: [site.at('/about.html')],
      formats: [{ type: 'json', schema: COMPANY }],
    })
    const status = await batchFinished(client, id)
    // 1 credit for the markdown page, 5 for the page with the `json` format.
    expect(status).toMatchObject({ status: 'completed', total: 2, completed: 2, creditsUsed: 6 })
    const doc = (path: string) => status.data?.find((d) => d.metadata?.sourceURL === site.at(path))
    expect(doc('/docs/1')).toMatchObject({ markdown: expect.stringContaining('Chapter 1') })
    expect(doc('/docs/1')?.json).toBeUndefined()
    expect(doc('/docs/1')?.metadata?.creditsUsed).toBe(1)
    expect(doc('/about.html')).toMatchObject({ json: { company: 'Fixture Ltd' } })
    expect(doc('/about.html')?.markdown).toBeUndefined()
    expect(doc('/about.html')?.metadata?.creditsUsed).toBe(5)
    expect(await balance(t.service.db, team.teamId)).toBe(94)
  })

  it('neither adds nor charges a URL the batch has already: an append sent twice adds its URLs once', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    const id = await startBatch(client, { urls: [site.at('/docs/1')] })
    const body = { urls: [site.at('/docs/2'), site.at('/docs/1#top')] }
    await append(client, id, body)
    await append(client, id, body)
    const status = await batchFinished(client, id)
    expect(status).toMatchObject({ status: 'completed', total: 2, completed: 2, creditsUsed: 2 })
    expect(sourcePaths(status.data ?? [])).toEqual(['/docs/1', '/docs/2'])
    expect(await balance(t.service.db, team.teamId)).toBe(98)
  })
})
