// The web-data API's official SDK (`@mendable/firecrawl-js`) against the reference service, unchanged
// but for its base URL: what another team's code does when it points the SDK at our stand-in.
// Every answer the SDK gets is recorded and must be documented for its operation.
import { SdkError } from '@mendable/firecrawl-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { undocumented } from './support/recorder.ts'
import { PHRASE } from './support/site.ts'
import { startWebData, type WebDataTarget, webDataStorages } from './support/web-data.ts'

const MISSING = '00000000-0000-4000-8000-000000000000'
const urlOf = (d: { url?: string; metadata?: { sourceURL?: string; url?: string } }) =>
  d.url ?? d.metadata?.sourceURL ?? d.metadata?.url
/** The SDK waits at least one second between polls, whatever is asked. */
const WAIT = { pollInterval: 1, timeout: 30 }

async function sdkError(call: Promise<unknown>): Promise<SdkError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SdkError)
  return error as SdkError
}

describe.each(webDataStorages)('@mendable/firecrawl-js on $name', ({ storage }) => {
  let t: WebDataTarget
  beforeAll(async () => {
    // Slow agent steps keep a cancelled run in `cancelling` long enough to cancel it again.
    t = await startWebData(storage, { agentStepMs: 1000 })
  })
  afterAll(async () => {
    const answers = t?.recorder.answers ?? []
    await t?.stop()
    expect(undocumented(answers)).toEqual([])
  })

  describe('scrape and map', () => {
    it('scrape() returns the page as markdown with its metadata', async () => {
      const doc = await t.sdk.scrape(t.site.at('/phrase.html'), { formats: ['markdown', 'links'] })
      expect(doc.markdown).toContain(PHRASE)
      expect(doc.metadata?.title).toBe('Kettles')
      expect(doc.metadata?.statusCode).toBe(200)
    })

    it('scrape() accepts the question format (this service does not answer it: see DEVIATIONS.md)', async () => {
      const doc = await t.sdk.scrape(t.site.at('/phrase.html'), {
        formats: ['markdown', { type: 'question', question: 'What whistles?' }],
      })
      expect(doc.markdown).toContain(PHRASE)
      expect(doc.warning).toContain('question')
    })

    it('map() lists the site links', async () => {
      const map = await t.sdk.map(t.site.url, { sitemap: 'skip' })
      expect(map.links.map((l) => l.url)).toContain(t.site.at('/phrase.html'))
    })

    it('maps a bad request to SdkError 400 with the API message', async () => {
      const error = await sdkError(t.sdk.scrape('not a url'))
      expect(error.status).toBe(400)
      expect(error.message).toEqual(expect.any(String))
    })

    it('maps a wrong key to SdkError 401', async () => {
      const error = await sdkError(t.sdkWith('fc-wrong').scrape(t.site.at('/phrase.html')))
      expect(error.status).toBe(401)
    })
  })

  describe('crawl', () => {
    it('crawl() waits for the crawl and returns its pages', async () => {
      const job = await t.sdk.crawl(t.site.url, { limit: 10, ...WAIT })
      expect(job.status).toBe('completed')
      expect(job.data.map(urlOf)).toContain(t.site.at('/phrase.html'))
      expect(job.completed).toBe(job.data.length)
      expect(job.total).toBe(job.data.length)
    })

    it('startCrawl(), getCrawlStatus() without auto-pagination, getCrawlErrors(), getActiveCrawls()', async () => {
      const started = await t.sdk.startCrawl(t.site.url, { limit: 3 })
      expect(started.id).toMatch(/^[0-9a-f-]{36}$/)
      const active = await t.sdk.getActiveCrawls()
      expect(active.success).toBe(true)
      const status = await t.sdk.getCrawlStatus(started.id, { autoPaginate: false })
      expect(['scraping', 'completed']).toContain(status.status)
      const errors = await t.sdk.getCrawlErrors(started.id)
      expect(errors.errors).toEqual(expect.any(Array))
      expect(errors.robotsBlocked).toEqual(expect.any(Array))
    })

    it('cancelCrawl() cancels a running crawl; a finished one answers 409 Conflict', async () => {
      const started = await t.sdk.startCrawl(t.site.url, { limit: 100, delay: 5 })
      expect(await t.sdk.cancelCrawl(started.id)).toBe(true)
      const done = await t.sdk.crawl(t.site.at('/docs/1'), { limit: 1, ...WAIT })
      const finished = await sdkError(t.sdk.cancelCrawl(done.id))
      expect(finished.status).toBe(409)
    })

    it('maps an unknown crawl to SdkError 404', async () => {
      const error = await sdkError(t.sdk.getCrawlStatus(MISSING))
      expect(error.status).toBe(404)
    })
  })

  describe('batch scrape', () => {
    it('batchScrape() waits for the batch and returns its pages', async () => {
      const job = await t.sdk.batchScrape([t.site.at('/docs/1'), t.site.at('/docs/2')], {
        options: { formats: ['markdown'] },
        ...WAIT,
      })
      expect(job.status).toBe('completed')
      expect(job.data).toHaveLength(2)
      expect(job.data.map((d) => d.markdown).join()).toContain('Chapter 2')
    })

    it('startBatchScrape(), getBatchScrapeStatus(), getBatchScrapeErrors()', async () => {
      const started = await t.sdk.startBatchScrape([t.site.at('/docs/3')], {
        options: { formats: ['markdown'] },
      })
      const status = await t.sdk.getBatchScrapeStatus(started.id)
      expect(['scraping', 'completed']).toContain(status.status)
      expect((await t.sdk.getBatchScrapeErrors(started.id)).errors).toEqual(expect.any(Array))
    })

    it('maps an unknown batch to SdkError 404', async () => {
      expect((await sdkError(t.sdk.getBatchScrapeStatus(MISSING))).status).toBe(404)
    })
  })

  describe('search', () => {
    beforeAll(async () => {
      await t.sdk.crawl(t.site.url, { limit: 10, ...WAIT })
    })

    it('finds a crawled page by a phrase of its text, first', async () => {
      const found = await t.sdk.search(PHRASE, { limit: 5 })
      expect((found.web ?? []).map((r) => urlOf(r as never))[0]).toBe(t.site.at('/phrase.html'))
    })

    it('respects limit', async () => {
      const found = await t.sdk.search('copper', { limit: 1 })
      expect(found.web).toHaveLength(1)
    })

    it('orders ties stably', async () => {
      const first = await t.sdk.search('chapter', { limit: 10 })
      const again = await t.sdk.search('chapter', { limit: 10 })
      const urls = (first.web ?? []).map((r) => urlOf(r as never))
      expect(urls).toHaveLength(4)
      expect((again.web ?? []).map((r) => urlOf(r as never))).toEqual(urls)
      expect(urls).toEqual([...urls].sort())
    })
  })

  describe('agent', () => {
    it('agent() waits for the run and returns its data', async () => {
      const run = await t.sdk.agent({ prompt: 'kettle', urls: [t.site.at('/phrase.html')], ...WAIT })
      expect(run.status).toBe('completed')
      expect(run.success).toBe(true)
    })

    it('a run that reaches maxCredits ends failed with creditsUsed 0', async () => {
      const run = await t.sdk.agent({
        prompt: 'kettle',
        urls: [t.site.at('/phrase.html')],
        maxCredits: 0,
        ...WAIT,
      })
      expect(run.status).toBe('failed')
      expect(run.creditsUsed).toBe(0)
      expect(run.error).toMatch(/maxCredits/)
    })

    it('cancelAgent() twice: the second answers 409 Agent is already cancelled; a finished run 409 Agent already finished', async () => {
      const started = await t.sdk.startAgent({
        prompt: 'kettle',
        urls: [t.site.at('/docs/1'), t.site.at('/docs/2')],
      })
      expect(await t.sdk.cancelAgent(started.id)).toBe(true)
      const again = await sdkError(t.sdk.cancelAgent(started.id))
      expect([again.status, again.message]).toEqual([409, 'Agent is already cancelled'])
      await t.sdk.agent({ prompt: 'kettle', urls: [t.site.at('/phrase.html')], ...WAIT })
      const listed = await t.sdk.listAgents()
      expect(listed.success).toBe(true)
      const done = listed.agents?.find((a) => a.status === 'completed')
      const finished = await sdkError(t.sdk.cancelAgent(done?.id ?? MISSING))
      expect([finished.status, finished.message]).toEqual([409, 'Agent already finished'])
    })

    it('getAgentTrace() of a run', async () => {
      const started = await t.sdk.startAgent({ prompt: 'kettle', urls: [t.site.at('/phrase.html')] })
      const trace = await t.sdk.getAgentTrace(started.id)
      expect(trace.success).toBe(true)
    })

    it('maps a malformed and an unknown run to SdkError 400 and 404', async () => {
      expect((await sdkError(t.sdk.getAgentStatus('not-a-uuid'))).status).toBe(400)
      expect((await sdkError(t.sdk.getAgentStatus(MISSING))).status).toBe(404)
    })
  })

  describe('extract', () => {
    it('extract() waits for the job', async () => {
      const job = await t.sdk.extract({ urls: [t.site.at('/phrase.html')], prompt: 'the kettle', ...WAIT })
      expect(job.status).toBe('completed')
    })
  })

  describe('team', () => {
    it('getCreditUsage(), getTokenUsage(), getQueueStatus()', async () => {
      expect((await t.sdk.getCreditUsage()).remainingCredits).toEqual(expect.any(Number))
      expect((await t.sdk.getTokenUsage()).remainingTokens).toEqual(expect.any(Number))
      expect(await t.sdk.getQueueStatus()).toMatchObject({ success: true })
    })
  })
})
