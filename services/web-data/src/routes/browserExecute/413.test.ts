import { describe, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { expectPayloadTooLarge } from '../../testing/statuses.js'

const MAX_BODY_BYTES = 4096

// The body limit answers before authentication and the database: PGlite alone is enough.
describe('POST /v2/browser/{sessionId}/execute → 413', () => {
  const t = useTestService({ worker: false, maxBodyBytes: MAX_BODY_BYTES })

  it('refuses a body larger than the limit (WEB_DATA_MAX_BODY_BYTES)', async () => {
    await expectPayloadTooLarge(t, MAX_BODY_BYTES, (client, padding) =>
      client.POST('/v2/browser/{sessionId}/execute', {
        params: { path: { sessionId: 'bs_unknown' } },
        body: { code: `// ${padding}\nreturn 1` },
      }),
    )
  })
})
