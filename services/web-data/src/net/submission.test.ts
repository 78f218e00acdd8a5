import { describe, expect, it } from 'vitest'
import { useTestService } from '../testing/lifecycle.js'

const PRIVATE_URLS = [
  'http://127.0.0.1:9/',
  'http://[::127.0.0.1]:9/',
  'http://[::ffff:127.0.0.1]:9/',
  'http://[64:ff9b::7f00:1]:9/',
  'http://localhost:9/',
  'http://localhost.:9/',
  'http://LOCALHOST..:9/',
  'http://app.localhost.:9/',
]
const PUBLIC = 'https://93.184.216.34/'

describe('private URLs are refused when a job is submitted, as scrape refuses them', () => {
  const t = useTestService({ worker: false, allowPrivateUrls: false })
  const refused = async (answer: Promise<{ response: Response; error?: unknown }>) => {
    const { response, error } = await answer
    expect(response.status).toBe(403)
    expect(error).toMatchObject({ success: false, error: 'Forbidden', code: 'URL_NOT_ALLOWED' })
    return error
  }

  it('scrape, the reference answer', async () => {
    await refused(t.client.POST('/v2/scrape', { body: { url: 'http://[::127.0.0.1]:9/' } }))
    await refused(t.client.POST('/v2/scrape', { body: { url: 'http://localhost.:9/' } }))
  })

  it('crawl, batch scrape, extract and agent, for each spelling of loopback', async () => {
    for (const url of PRIVATE_URLS) {
      await refused(t.client.POST('/v2/crawl', { body: { url } }))
      await refused(t.client.POST('/v2/batch/scrape', { body: { urls: [PUBLIC, url] } }))
      await refused(t.client.POST('/v2/extract', { body: { urls: [url], prompt: 'x' } }))
      await refused(t.client.POST('/v2/agent', { body: { prompt: 'x', urls: [url] } }))
    }
  })

  it('a webhook on a private address', async () => {
    for (const webhook of [{ url: 'http://[::127.0.0.1]:9/hook' }, { url: 'http://localhost.:9/hook' }]) {
      await refused(t.client.POST('/v2/crawl', { body: { url: PUBLIC, webhook } }))
      await refused(t.client.POST('/v2/batch/scrape', { body: { urls: [PUBLIC], webhook } }))
      await refused(t.client.POST('/v2/agent', { body: { prompt: 'x', webhook } }))
    }
  })

  it('monitors, on create and update', async () => {
    const monitor = (targets: unknown, webhook?: unknown) =>
      ({ name: 'm', schedule: { cron: '0 * * * *' }, targets, ...(webhook ? { webhook } : {}) }) as never
    await refused(
      t.client.POST('/v2/monitor', { body: monitor([{ type: 'scrape', urls: ['http://[::1]:9/'] }]) }),
    )
    await refused(
      t.client.POST('/v2/monitor', { body: monitor([{ type: 'crawl', url: 'http://10.0.0.1/' }]) }),
    )
    await refused(
      t.client.POST('/v2/monitor', { body: monitor([{ type: 'scrape', urls: ['http://localhost./'] }]) }),
    )
    await refused(
      t.client.POST('/v2/monitor', {
        body: monitor([{ type: 'scrape', urls: [PUBLIC] }], { url: 'http://169.254.169.254/' }),
      }),
    )
    const created = await t.client.POST('/v2/monitor', {
      body: monitor([{ type: 'scrape', urls: [PUBLIC] }]),
    })
    expect(created.response.status).toBe(200)
    const monitorId = (created.data as { data: { id: string } }).data.id
    await refused(
      t.client.PATCH('/v2/monitor/{monitorId}', {
        params: { path: { monitorId } },
        body: { targets: [{ type: 'scrape', urls: ['http://[::127.0.0.1]/'] }] } as never,
      }),
    )
  })

  it('accepts a public address', async () => {
    const { response } = await t.client.POST('/v2/crawl', { body: { url: PUBLIC } })
    expect(response.status).toBe(200)
  })
})
