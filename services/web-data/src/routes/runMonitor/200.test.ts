import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { type MutableSite, page, startMutableSite } from '../../monitor/testing.js'
import { eventually, startTestService, type TestService } from '../../testing/harness.js'
import { startWebhookReceiver } from '../../testing/webhook-receiver.js'

describe.each(testDatabaseKinds())('POST /v2/monitor/{monitorId}/run → 200 (%s)', (kind) => {
  let t: TestService
  let site: MutableSite
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>
  beforeAll(async () => {
    site = await startMutableSite({
      '/a.html': page('Alpha', '<p>Price: 10 EUR</p>'),
      '/b.html': page('Beta', '<p>Stable text</p>'),
      '/c.html': page('Gamma', '<p>Soon gone</p>'),
    })
    t = await startTestService({ kind })
    // Monitor webhooks are signed with the bootstrap key unless WEB_DATA_WEBHOOK_SECRET is set.
    hook = await startWebhookReceiver(t.apiKey)
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
    await hook?.close()
  })

  const finished = (monitorId: string, checkId: string) =>
    eventually(async () => {
      const { data } = await t.client.GET('/v2/monitor/{monitorId}/checks/{checkId}', {
        params: { path: { monitorId, checkId } },
      })
      const check = data?.data
      return check && !['queued', 'running'].includes(check.status ?? '') && check.notificationStatus
        ? check
        : undefined
    })

  it('checks the pages, diffs them against the previous check and calls the signed webhook', async () => {
    const created = await t.client.POST('/v2/monitor', {
      body: {
        name: 'prices',
        schedule: { cron: '0 0 1 1 *' },
        targets: [{ type: 'scrape', urls: [site.at('/a.html'), site.at('/b.html'), site.at('/c.html')] }],
        webhook: { url: hook.url, headers: { 'x-team': 'blue' }, metadata: { owner: 'qa' } },
      } as never,
    })
    const monitorId = created.data?.data?.id as string

    const first = await t.client.POST('/v2/monitor/{monitorId}/run', { params: { path: { monitorId } } })
    expect(first.response.status).toBe(200)
    expect(first.data?.data).toMatchObject({
      monitorId,
      status: 'queued',
      trigger: 'manual',
      estimatedCredits: 3,
    })
    expect(first.data?.id).toBe(first.data?.data?.id)
    const check1 = await finished(monitorId, first.data?.id as string)
    expect(check1.status).toBe('completed')
    expect(check1.summary).toEqual({ totalPages: 3, same: 0, changed: 0, new: 3, removed: 0, error: 0 })
    expect(check1.actualCredits).toBe(3)
    expect(check1.billingStatus).toBe('billed')

    site.set('/a.html', page('Alpha', '<p>Price: 12 EUR</p>'))
    site.set('/c.html', undefined)
    const teamId = (
      await t.service.db.query<{ team_id: string }>('SELECT team_id FROM monitors WHERE id = $1', [monitorId])
    )[0]?.team_id as string
    const before = await balance(t.service.db, teamId)
    const second = await t.client.POST('/v2/monitor/{monitorId}/run', { params: { path: { monitorId } } })
    const check2 = await finished(monitorId, second.data?.id as string)
    expect(check2.summary).toEqual({ totalPages: 3, same: 1, changed: 1, new: 0, removed: 1, error: 0 })
    expect(check2.pages?.map((p) => [p.url, p.status])).toEqual([
      [site.at('/a.html'), 'changed'],
      [site.at('/b.html'), 'same'],
      [site.at('/c.html'), 'removed'],
    ])
    const changed = check2.pages?.[0]
    expect(changed?.diff?.text).toContain('-Price: 10 EUR')
    expect(changed?.diff?.text).toContain('+Price: 12 EUR')
    expect(changed?.previousScrapeId).toBe(check1.pages?.[0]?.currentScrapeId)
    expect(await balance(t.service.db, teamId)).toBe(before - 3)

    // The webhook: one delivery per check, signed, with the changes of the second one.
    await eventually(async () => (hook.received.length >= 2 ? true : undefined))
    expect(hook.received.every((w) => w.verified)).toBe(true)
    const last = hook.received[1]
    expect(last?.headers['x-team']).toBe('blue')
    expect(last?.payload).toMatchObject({
      type: 'monitor.check.changed',
      monitorId,
      checkId: second.data?.id,
      summary: { changed: 1, removed: 1 },
      metadata: { owner: 'qa' },
    })
    expect(check2.notificationStatus).toMatchObject({ webhook: { status: 'delivered', statusCode: 204 } })

    // The monitor reflects the last check.
    const monitor = await t.client.GET('/v2/monitor/{monitorId}', { params: { path: { monitorId } } })
    expect(monitor.data?.data?.lastCheckSummary).toMatchObject({ changed: 1, removed: 1 })
    expect(monitor.data?.data?.currentCheckId).toBeNull()
    expect(monitor.data?.data?.lastRunAt).toEqual(expect.any(String))
  })
})
