import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/monitor → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a body without targets', async () => {
    const { error, response } = await t.client.POST('/v2/monitor', {
      body: { name: 'x', schedule: { cron: '* * * * *' } } as never,
    })
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Bad Request')
    expect(error?.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'body', path: ['targets'] })]),
    )
  })

  it('refuses an invalid cron expression and unreadable schedule text', async () => {
    for (const schedule of [{ cron: 'every now and then' }, { text: 'whenever you like' }, {}]) {
      const { error, response } = await t.client.POST('/v2/monitor', {
        body: { name: 'x', schedule, targets: [{ type: 'scrape', urls: ['https://example.com/'] }] } as never,
      })
      expect(response.status).toBe(400)
      expect(error).toMatchObject({
        success: false,
        error: 'Bad Request',
        details: [{ path: ['schedule'], code: 'invalid_schedule' }],
      })
    }
  })

  it('refuses a target URL that is not absolute http(s)', async () => {
    const { error, response } = await t.client.POST('/v2/monitor', {
      body: {
        name: 'x',
        schedule: { cron: '0 * * * *' },
        targets: [{ type: 'scrape', urls: ['ftp://example.com/'] }],
      } as never,
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({ error: 'Invalid URL', details: [{ path: ['targets', 0, 'urls', 0] }] })
    const list = await t.client.GET('/v2/monitor')
    expect(list.data?.data).toEqual([])
  })

  it('refuses a webhook URL that is not http or https, so that monitor lists stay valid', async () => {
    for (const url of ['data:text/html,<b>hi</b>', 'javascript:alert(1)', 'file:///etc/passwd']) {
      const { error, response } = await t.client.POST('/v2/monitor', {
        body: {
          name: 'x',
          schedule: { cron: '0 * * * *' },
          targets: [{ type: 'scrape', urls: ['https://example.com/'] }],
          webhook: { url },
        } as never,
      })
      expect(response.status, url).toBe(400)
      expect(error).toMatchObject({
        error: 'Bad Request',
        details: [{ in: 'body', path: ['webhook', 'url'] }],
      })
    }
    const { data } = await t.client.GET('/v2/monitor')
    expect(data?.success).toBe(true)
  })
})
