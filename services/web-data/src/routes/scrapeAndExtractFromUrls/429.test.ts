import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { UNREACHABLE } from '../../testing/requests.js'
import { expectRateLimited } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('POST /v2/batch/scrape → 429 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false, rateLimitPerMin: 1 })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Rate limit exceeded with Retry-After past the per-minute limit', async () => {
    await expectRateLimited(t, (client) => client.POST('/v2/batch/scrape', { body: { urls: [UNREACHABLE] } }))
  })
})
