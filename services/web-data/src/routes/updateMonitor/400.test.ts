import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('PATCH /v2/monitor/{monitorId} → 400 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses an update without targets and leaves the monitor as it was', async () => {
    const created = await t.client.POST('/v2/monitor', {
      body: {
        name: 'Pricing',
        schedule: { cron: '0 0 1 1 *' },
        targets: [{ type: 'scrape', urls: ['https://example.com/pricing'] }],
      } as never,
    })
    const monitorId = created.data?.data?.id as string
    expectBadRequest(
      await t.client.PATCH('/v2/monitor/{monitorId}', {
        params: { path: { monitorId } },
        body: { name: 'Emptied', targets: [] },
      }),
      'body',
      'targets',
    )
    const after = await t.client.GET('/v2/monitor/{monitorId}', { params: { path: { monitorId } } })
    expect(after.data?.data).toMatchObject({
      name: 'Pricing',
      targets: [expect.objectContaining({ type: 'scrape' })],
    })
  })
})
