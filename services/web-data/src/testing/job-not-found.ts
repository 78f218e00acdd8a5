import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import type { CrawlSite } from './crawl-site.js'
import { useCrawlSite, useTestService } from './lifecycle.js'
import type { Answer, Client } from './statuses.js'

/** One operation on a job by id: how to start a job of its kind, and the request under test. */
export interface JobOperation {
  /** Starts a job of the kind the operation reads or cancels (with the test team's client); its id. */
  start(client: Client, site: CrawlSite): Promise<string | undefined>
  /** The operation's request for the job `id`. */
  call(client: Client, id: string): Promise<Answer & { error?: { error?: string } }>
}

/**
 * The 404 file of an operation on crawls, batch scrapes or extractions, on every test database:
 * `Not Found` for an id nobody has, and for another team's job (whose id exists).
 */
export function describeJobNotFound(title: string, operation: JobOperation): void {
  describe.each(testDatabaseKinds())(`${title} → 404 (%s)`, (kind) => {
    const site = useCrawlSite()
    const t = useTestService({ kind, worker: false })

    it('answers Not Found for an unknown id', async () => {
      const { error, response } = await operation.call(t.client, '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10')
      expect(response.status).toBe(404)
      expect(error).toEqual({ success: false, error: 'Not Found' })
    })

    it("answers Not Found for another team's job", async () => {
      const id = await operation.start(t.client, site)
      expect(id).toEqual(expect.any(String))
      const other = await t.newTeam(10)
      const { error, response } = await operation.call(t.clientWith(other.key), id as string)
      expect(response.status).toBe(404)
      expect(error?.error).toBe('Not Found')
    })
  })
}

/** Starts a crawl of the site's start page. */
export const startCrawl: JobOperation['start'] = async (client, site) =>
  (await client.POST('/v2/crawl', { body: { url: site.url } })).data?.id

/** Starts a batch scrape of the site's start page. */
export const startBatchScrape: JobOperation['start'] = async (client, site) =>
  (await client.POST('/v2/batch/scrape', { body: { urls: [site.url] } })).data?.id
