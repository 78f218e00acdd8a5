import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectPaymentRequiredWithoutBilling } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('POST /v2/monitor → 402 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Payment Required: Insufficient credits while the team has no billing configured', async () => {
    await expectPaymentRequiredWithoutBilling(t, (client) =>
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
