import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { finished, startRun, trace } from '../testing/agent.js'
import { batchFinished, crawlFinished, startCrawl } from '../testing/crawl.js'
import { eventually } from '../testing/harness.js'
import { useCrawlSite, useTestService } from '../testing/lifecycle.js'
import { startWebhookReceiver } from '../testing/webhook-receiver.js'
import { postSigned } from './signed-post.js'

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>

const types = (receiver: Receiver) => receiver.received.map((r) => r.payload.type)

/** Waits until `type` arrived, then a little longer for anything that should not arrive. */
async function settled(receiver: Receiver, type: string) {
  await eventually(async () => (types(receiver).includes(type) ? true : undefined))
  await new Promise((r) => setTimeout(r, 300))
  return receiver.received
}

describe.each(testDatabaseKinds())('webhooks of crawls, batch scrapes and agent runs (%s)', (kind) => {
  const site = useCrawlSite()
  // Webhooks are signed with the service's bootstrap key, which only a service of its own hands out.
  const t = useTestService({ kind, fresh: true })
  let receiver: Receiver

  beforeEach(async () => {
    receiver = await startWebhookReceiver(t.apiKey)
  })
  afterEach(() => receiver.close())

  it('delivers a crawl started, each page once, then completed: signed, with headers and metadata', async () => {
    const id = await startCrawl(t.client, {
      url: site.url,
      maxConcurrency: 4,
      webhook: { url: receiver.url, headers: { 'x-team': 'search' }, metadata: { ticket: 7 } },
    })
    const status = await crawlFinished(t.client, id)
    const received = await settled(receiver, 'crawl.completed')
    expect(received.every((r) => r.verified)).toBe(true)
    // The real API's signature: `X-Firecrawl-Signature: sha256=<HMAC-SHA256 of the raw body>`.
    expect(received.every((r) => r.verifiedBody)).toBe(true)
    expect(received[0]?.headers['x-firecrawl-signature']).toMatch(/^sha256=[0-9a-f]{64}$/)
    expect(received.every((r) => r.headers['x-team'] === 'search')).toBe(true)
    expect(received.every((r) => r.payload.id === id)).toBe(true)
    expect(received.every((r) => JSON.stringify(r.payload.metadata) === '{"ticket":7}')).toBe(true)
    expect(types(receiver)[0]).toBe('crawl.started')
    expect(types(receiver).filter((x) => x === 'crawl.completed')).toHaveLength(1)
    const pages = received.filter((r) => r.payload.type === 'crawl.page')
    const succeeded = pages.filter((r) => r.payload.success === true)
    // One delivery per page the crawl finished: documents for the scraped ones, errors for the others.
    expect(succeeded).toHaveLength(status.completed ?? -1)
    const sources = succeeded.map(
      (r) => (r.payload.data as Array<{ metadata: { sourceURL: string } }>)[0]?.metadata.sourceURL,
    )
    expect(new Set(sources).size).toBe(succeeded.length)
    expect(sources.sort()).toEqual((status.data ?? []).map((d) => d.metadata?.sourceURL).sort())
    for (const failed of pages.filter((r) => r.payload.success === false)) {
      expect(failed.payload).toMatchObject({ data: [], error: expect.any(String) })
    }
    expect(new Set(received.map((r) => r.headers['x-webdata-delivery'])).size).toBe(received.length)
  })

  it('delivers only the events the webhook lists', async () => {
    const id = await startCrawl(t.client, {
      url: site.url,
      limit: 3,
      webhook: { url: receiver.url, events: ['completed'] },
    })
    await crawlFinished(t.client, id)
    await settled(receiver, 'crawl.completed')
    expect(types(receiver)).toEqual(['crawl.completed'])
  })

  it('reports a crawl that ran out of credits as failed', async () => {
    const team = await t.newTeam(2)
    const client = t.clientWith(team.key)
    const id = await startCrawl(client, {
      url: site.url,
      maxConcurrency: 1,
      webhook: { url: receiver.url, events: ['failed', 'completed'] },
    })
    expect(await crawlFinished(client, id)).toMatchObject({ status: 'failed' })
    await settled(receiver, 'crawl.failed')
    expect(receiver.received.map((r) => r.payload)).toEqual([
      {
        success: false,
        type: 'crawl.failed',
        id,
        data: [],
        metadata: {},
        error: 'Payment Required: Insufficient credits',
      },
    ])
  })

  it('takes the webhook of a crawl as a plain URL, as the real API does', async () => {
    const id = await startCrawl(t.client, { url: site.url, limit: 2, webhook: receiver.url })
    await crawlFinished(t.client, id)
    await settled(receiver, 'crawl.completed')
    expect(types(receiver)).toContain('crawl.started')
    expect(receiver.received.every((r) => r.verifiedBody && r.payload.id === id)).toBe(true)
  })

  it('delivers the events of a batch scrape, its webhook given as a plain URL', async () => {
    const { data } = await t.client.POST('/v2/batch/scrape', {
      body: { urls: [site.url, new URL('/about.html', site.url).toString()], webhook: receiver.url },
    })
    await batchFinished(t.client, data?.id as string)
    await settled(receiver, 'batch_scrape.completed')
    expect(types(receiver).sort()).toEqual([
      'batch_scrape.completed',
      'batch_scrape.page',
      'batch_scrape.page',
      'batch_scrape.started',
    ])
  })

  it("delivers the pages appended to a finished batch, and its completion again, to the batch's webhook", async () => {
    const { data } = await t.client.POST('/v2/batch/scrape', {
      body: { urls: [site.url], webhook: { url: receiver.url, metadata: { batch: 'first' } } },
    })
    const id = data?.id as string
    await batchFinished(t.client, id)
    await settled(receiver, 'batch_scrape.completed')
    receiver.received.length = 0
    // The append sends no webhook of its own: the batch's receives the new pages' events.
    const appended = await t.client.POST('/v2/batch/scrape', {
      body: { urls: [new URL('/about.html', site.url).toString()], appendToId: id },
    })
    expect(appended.data?.id).toBe(id)
    await batchFinished(t.client, id)
    await settled(receiver, 'batch_scrape.completed')
    expect(types(receiver).sort()).toEqual(['batch_scrape.completed', 'batch_scrape.page'])
    expect(receiver.received.every((r) => r.payload.id === id)).toBe(true)
    expect(receiver.received.every((r) => JSON.stringify(r.payload.metadata) === '{"batch":"first"}')).toBe(
      true,
    )
    const page = receiver.received.find((r) => r.payload.type === 'batch_scrape.page')
    const documents = (page?.payload.data ?? []) as Array<{ metadata: { sourceURL: string } }>
    const sources = documents.map((d) => d.metadata.sourceURL)
    expect(sources).toEqual([new URL('/about.html', site.url).toString()])
  })

  it('delivers an agent run started and completed with its result', async () => {
    const id = await startRun(t.client, {
      prompt: 'What is on the start page?',
      urls: [site.url],
      webhook: receiver.url,
    })
    expect(await finished(t.client, id)).toMatchObject({ status: 'completed' })
    await settled(receiver, 'agent.completed')
    expect(types(receiver)).toEqual(['agent.started', 'agent.completed'])
    const completed = receiver.received[1]?.payload
    expect(completed).toMatchObject({ success: true, id, data: [expect.any(Object)] })
  })

  it('tries a delivery again after a 503 and keeps its delivery id', async () => {
    const flaky = await startWebhookReceiver(t.apiKey, [503, 503])
    try {
      const id = await startCrawl(t.client, {
        url: site.url,
        limit: 1,
        webhook: { url: flaky.url, events: ['started'] },
      })
      await crawlFinished(t.client, id)
      const received = await eventually(async () => (flaky.received.length >= 3 ? flaky.received : undefined))
      expect(received.map((r) => r.payload.type)).toEqual(['crawl.started', 'crawl.started', 'crawl.started'])
      expect(new Set(received.map((r) => r.headers['x-webdata-delivery'])).size).toBe(1)
      await new Promise((r) => setTimeout(r, 500))
      expect(flaky.received).toHaveLength(3)
    } finally {
      await flaky.close()
    }
  })
})

describe('postSigned', () => {
  it('refuses a loopback receiver unless private addresses are allowed', async () => {
    const server = createServer((_, res) => res.writeHead(204).end())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
    const post = (allowPrivateUrls: boolean) =>
      postSigned({ url, payload: {}, secret: 's', allowPrivateUrls, event: 'crawl.page' }, 'd1')
    try {
      await expect(post(false)).rejects.toThrow()
      await expect(post(true)).resolves.toBe(204)
    } finally {
      server.close()
    }
  })
})

describe.each(testDatabaseKinds())('webhooks of cancelled agent runs (%s)', (kind) => {
  const site = useCrawlSite()
  // Slow steps, so that the run is cancelled mid-flight.
  const t = useTestService({ kind, fresh: true, agentStepMs: 500 })

  it('delivers a cancelled run as agent.cancelled, not agent.failed, as the real API does', async () => {
    const receiver = await startWebhookReceiver(t.apiKey)
    try {
      const id = await startRun(t.client, {
        prompt: 'What is on the start page?',
        urls: [site.url],
        webhook: receiver.url,
      })
      await eventually(async () =>
        (await trace(t.client, id)).events.some((e) => e.type === 'tool_call.started') ? true : undefined,
      )
      await t.client.DELETE('/v2/agent/{jobId}', { params: { path: { jobId: id } } })
      expect((await finished(t.client, id)).status).toBe('failed')
      await settled(receiver, 'agent.cancelled')
      expect(types(receiver)).toEqual(['agent.started', 'agent.cancelled'])
      expect(receiver.received[1]?.payload).toMatchObject({
        success: false,
        id,
        error: expect.stringMatching(/cancelled/),
      })
    } finally {
      await receiver.close()
    }
  })
})
