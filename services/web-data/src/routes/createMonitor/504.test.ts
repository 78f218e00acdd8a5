import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { type FaultyTestService, startFaultyTestService } from '../../testing/harness.js'
import { expectDatabaseFailure } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('POST /v2/monitor → 504 (%s)', (kind) => {
  let t: FaultyTestService
  beforeAll(async () => {
    t = await startFaultyTestService({ kind })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Gateway Timeout when the database cancels the statement', async () => {
    await expectDatabaseFailure(t, 504, (client) =>
      client.POST('/v2/monitor', {
        body: {
          name: 'Pricing',
          schedule: { cron: '0 0 1 1 *' },
          targets: [{ type: 'scrape', urls: ['https://example.com/pricing'] }],
        } as never,
      }),
    )
  })
})
