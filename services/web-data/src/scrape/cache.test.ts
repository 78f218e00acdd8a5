import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balance } from '../billing/credits.js'
import { authenticate } from '../billing/keys.js'
import { batchFinished, crawlFinished, startCrawl } from '../testing/crawl.js'
import { type FixtureSite, PAGES, startFixtureSite } from '../testing/fixture-site.js'
import type { TestService } from '../testing/harness.js'
import { startSharedTestService } from '../testing/shared-service.js'

const page = (heading: string) =>
  `<!doctype html><html lang="en"><head><title>Cache</title></head><body><main><h1>${heading}</h1></main></body></html>`

describe.each(testDatabaseKinds())('POST /v2/scrape page cache (%s)', (kind) => {
  let t: TestService
  let site: FixtureSite
  const paths: string[] = []
  /** A page of its own for one test (the fixture's pages are shared by every test file). */
  const newPage = (heading: string) => {
    const path = `/cache-${randomUUID()}.html`
    PAGES[path] = page(heading)
    paths.push(path)
    return path
  }
  const scrape = async (body: Record<string, unknown> & { url: string }, client = t.client) => {
    const { data, response } = await client.POST('/v2/scrape', { body })
    expect(response.status).toBe(200)
    return data?.data as { markdown?: string; metadata: Record<string, unknown> }
  }

  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startSharedTestService({ kind })
  })
  afterAll(async () => {
    for (const path of paths) delete PAGES[path]
    await t?.stop()
    await site?.close()
  })

  it('answers a repeated scrape from the cache within maxAge, charged like a fresh one', async () => {
    const path = newPage('First version')
    const first = await scrape({ url: site.at(path) })
    expect(first.metadata.cacheState).toBe('miss')
    PAGES[path] = page('Second version')
    const credits = await balance(t.service.db, await teamOf(t))
    const second = await scrape({ url: site.at(path) })
    expect(site.hits.get(path)).toBe(1)
    expect(second.markdown).toContain('First version')
    expect(second.metadata.cacheState).toBe('hit')
    expect(Date.parse(String(second.metadata.cachedAt))).toBeLessThanOrEqual(Date.now())
    expect(second.metadata.scrapeId).not.toBe(first.metadata.scrapeId)
    expect(await balance(t.service.db, await teamOf(t))).toBe(credits - 1)
  })

  it('fetches again with maxAge 0, and neither reads nor writes the cache then', async () => {
    const path = newPage('Old')
    await scrape({ url: site.at(path) })
    PAGES[path] = page('New')
    const fresh = await scrape({ url: site.at(path), maxAge: 0 })
    expect(fresh.markdown).toContain('New')
    expect(fresh.metadata.cacheState).toBeUndefined()
    // The cached copy is still the first one: maxAge 0 did not refresh it.
    expect((await scrape({ url: site.at(path) })).markdown).toContain('Old')
    expect(site.hits.get(path)).toBe(2)
  })

  it('does not serve a copy older than maxAge, and refreshes it', async () => {
    const path = newPage('Before')
    await scrape({ url: site.at(path) })
    PAGES[path] = page('After')
    await new Promise((resolve) => setTimeout(resolve, 50))
    const fresh = await scrape({ url: site.at(path), maxAge: 20 })
    expect(fresh.markdown).toContain('After')
    expect(fresh.metadata.cacheState).toBe('miss')
    expect((await scrape({ url: site.at(path) })).markdown).toContain('After')
  })

  it('does not serve a copy younger than minAge', async () => {
    const path = newPage('Young')
    await scrape({ url: site.at(path) })
    PAGES[path] = page('Younger')
    const fresh = await scrape({ url: site.at(path), minAge: 60_000 })
    expect(fresh.markdown).toContain('Younger')
    expect(fresh.metadata.cacheState).toBe('miss')
  })

  it('stores nothing with storeInCache false', async () => {
    const path = newPage('Not kept')
    await scrape({ url: site.at(path), storeInCache: false })
    PAGES[path] = page('Kept')
    const next = await scrape({ url: site.at(path) })
    expect(next.markdown).toContain('Kept')
    expect(next.metadata.cacheState).toBe('miss')
  })

  it('keys the cache by the options that shape the document', async () => {
    const path = newPage('Shaped')
    await scrape({ url: site.at(path), formats: ['markdown'] })
    const other = await scrape({ url: site.at(path), formats: ['markdown', 'html'] })
    expect(other.metadata.cacheState).toBe('miss')
    const chrome = await scrape({ url: site.at(path), onlyMainContent: false })
    expect(chrome.metadata.cacheState).toBe('miss')
    // The fragment does not name another page; a longer timeout does not change the document.
    const same = await scrape({ url: `${site.at(path)}#section`, formats: ['markdown'], timeout: 30_000 })
    expect(same.metadata.cacheState).toBe('hit')
  })

  it("never serves one team's cached page to another", async () => {
    const path = newPage('Team one')
    await scrape({ url: site.at(path) })
    const other = await t.newTeam(100)
    const theirs = await scrape({ url: site.at(path) }, t.clientWith(other.key))
    expect(theirs.metadata.cacheState).toBe('miss')
    expect(site.hits.get(path)).toBe(2)
  })

  it('keeps zero-data-retention scrapes out of the cache', async () => {
    const path = newPage('Secret')
    const first = await scrape({ url: site.at(path), zeroDataRetention: true })
    expect(first.metadata.cacheState).toBeUndefined()
    PAGES[path] = page('Public')
    expect((await scrape({ url: site.at(path) })).markdown).toContain('Public')
  })
})

describe.each(testDatabaseKinds())('batch scrape and crawl pages and the page cache (%s)', (kind) => {
  let t: TestService
  let site: FixtureSite
  const paths: string[] = []
  const newPage = (heading: string) => {
    const path = `/cache-batch-${randomUUID()}.html`
    PAGES[path] = page(heading)
    paths.push(path)
    return path
  }
  type Doc = { markdown?: string; metadata: Record<string, unknown> }
  const scrape = async (body: Record<string, unknown> & { url: string }) => {
    const { data, response } = await t.client.POST('/v2/scrape', { body })
    expect(response.status).toBe(200)
    return data?.data as Doc
  }
  /** Runs a batch scrape to its end; its documents by path. */
  const batch = async (urls: string[], options: Record<string, unknown> = {}) => {
    const { data, response } = await t.client.POST('/v2/batch/scrape', { body: { urls, ...options } })
    expect(response.status).toBe(200)
    const status = await batchFinished(t.client, String(data?.id))
    expect(status.status).toBe('completed')
    const docs = new Map<string, Doc>()
    for (const d of (status.data ?? []) as Doc[]) docs.set(new URL(String(d.metadata.sourceURL)).pathname, d)
    return docs
  }

  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startSharedTestService({ kind })
  })
  afterAll(async () => {
    for (const path of paths) delete PAGES[path]
    await t?.stop()
    await site?.close()
  })

  it('serves batch pages from the cache a scrape filled, and fetches the others', async () => {
    const cachedPath = newPage('Scraped first')
    const freshPath = newPage('Never scraped')
    await scrape({ url: site.at(cachedPath) })
    PAGES[cachedPath] = page('Changed since')
    const docs = await batch([site.at(cachedPath), site.at(freshPath)])
    expect(docs.get(cachedPath)?.markdown).toContain('Scraped first')
    expect(docs.get(cachedPath)?.metadata).toMatchObject({ cacheState: 'hit' })
    expect(Date.parse(String(docs.get(cachedPath)?.metadata.cachedAt))).toBeLessThanOrEqual(Date.now())
    expect(docs.get(freshPath)?.metadata.cacheState).toBe('miss')
    expect(site.hits.get(cachedPath)).toBe(1)
    expect(site.hits.get(freshPath)).toBe(1)
  })

  it('fills the cache from batch pages: a later scrape and a later batch are hits', async () => {
    const path = newPage('From a batch')
    await batch([site.at(path)])
    PAGES[path] = page('Later version')
    const scraped = await scrape({ url: site.at(path) })
    expect(scraped.metadata.cacheState).toBe('hit')
    expect(scraped.markdown).toContain('From a batch')
    // The scrape's hit did not refresh the entry; a second batch still finds the batch's copy.
    expect((await batch([site.at(path)])).get(path)?.metadata.cacheState).toBe('hit')
    expect(site.hits.get(path)).toBe(1)
  })

  it('fetches every batch page with maxAge 0, and stores nothing with storeInCache false', async () => {
    const path = newPage('Cached')
    await scrape({ url: site.at(path) })
    PAGES[path] = page('Fresh')
    const bypass = await batch([site.at(path)], { maxAge: 0 })
    expect(bypass.get(path)?.markdown).toContain('Fresh')
    expect(bypass.get(path)?.metadata.cacheState).toBeUndefined()
    const other = newPage('Not kept')
    const notKept = await batch([site.at(other)], { storeInCache: false })
    expect(notKept.get(other)?.metadata.cacheState).toBe('miss')
    expect((await scrape({ url: site.at(other) })).metadata.cacheState).toBe('miss')
    expect(site.hits.get(other)).toBe(2)
  })

  it('crawls always fetch: a crawl follows the links of the page itself', async () => {
    await scrape({ url: site.at('/docs/') })
    const before = site.hits.get('/docs/') ?? 0
    const id = await startCrawl(t.client, { url: site.at('/docs/'), limit: 1, sitemap: 'skip' })
    const status = await crawlFinished(t.client, id)
    expect(status.status).toBe('completed')
    expect(status.completed).toBe(1)
    expect(site.hits.get('/docs/')).toBe(before + 1)
    for (const d of (status.data ?? []) as Doc[]) expect(d.metadata.cacheState).toBeUndefined()
  })
})

/** The team of the test's key. */
async function teamOf(t: TestService): Promise<string> {
  return (await authenticate(t.service.db, t.apiKey))?.teamId ?? ''
}
