import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectPayloadTooLarge } from '../../testing/statuses.js'

const MAX_BODY_BYTES = 4096

// The body limit answers before authentication and the database: PGlite alone is enough.
describe('POST /v2/scrape/{jobId}/interact → 413', () => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ worker: false, maxBodyBytes: MAX_BODY_BYTES })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses a body larger than the limit (WEB_DATA_MAX_BODY_BYTES)', async () => {
    await expectPayloadTooLarge(t, MAX_BODY_BYTES, (client, padding) =>
      client.POST('/v2/scrape/{jobId}/interact', {
        params: { path: { jobId: randomUUID() } },
        body: { code: `// ${padding}\nreturn 1` },
      }),
    )
  })
})
