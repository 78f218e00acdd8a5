import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('PATCH /v2/monitor/{monitorId} → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

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
