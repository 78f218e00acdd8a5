import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../testing/crawl-site.js'
import { eventually } from '../testing/harness.js'
import { crash, serviceProcessClient, startServiceProcess } from '../testing/service-process.js'

const KEY = 'wd-crawl-durability-key'

describe('crawls survive a crash (PGlite on disk)', () => {
  let site: CrawlSite
  let dataDir: string
  let child: ChildProcess | undefined
  beforeAll(async () => {
    site = await startCrawlSite({ docs: 30, delayMs: 40 })
    dataDir = mkdtempSync(join(tmpdir(), 'web-data-crawl-crash-'))
  })
  afterAll(async () => {
    child?.kill('SIGKILL')
    await site?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('finishes a crawl after SIGKILL and restart with every page exactly once', async () => {
    const port = 19_000 + Math.floor(Math.random() * 2000)
    const client = serviceProcessClient(port, KEY)
    child = await startServiceProcess({ dataDir, port, apiKey: KEY })
    const started = await client.POST('/v2/crawl', { body: { url: site.url, maxConcurrency: 2 } })
    const id = started.data?.id as string
    expect(started.response.status).toBe(200)
    await eventually(async () => {
      const { data } = await client.GET('/v2/crawl/{id}', { params: { path: { id } } })
      return (data?.completed ?? 0) >= 8 ? true : undefined
    }, 60_000)
    await crash(child)
    const before = site.hits.size

    child = await startServiceProcess({ dataDir, port, apiKey: KEY })
    const status = await eventually(async () => {
      const { data } = await client.GET('/v2/crawl/{id}', { params: { path: { id } } })
      return data && data.status !== 'scraping' ? data : undefined
    }, 90_000)
    expect(status.status).toBe('completed')
    const urls = (status.data ?? []).map((d) => d.metadata?.sourceURL)
    // 16 pages of the base site + 25 more docs; /reset fails.
    expect(urls).toHaveLength(41)
    expect(new Set(urls).size).toBe(41)
    expect(status).toMatchObject({ total: 42, completed: 41, creditsUsed: 41 })
    expect(site.hits.size).toBeGreaterThan(before)
    const errors = await client.GET('/v2/crawl/{id}/errors', { params: { path: { id } } })
    expect(errors.data?.errors?.map((e) => e.url)).toEqual([site.at('/reset')])
    expect(errors.data?.robotsBlocked).toEqual([site.at('/private/secret.html')])
    child.kill('SIGTERM')
  }, 180_000)
})
