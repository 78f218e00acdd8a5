import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectForbiddenWithoutScope } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('DELETE /v2/interact/{sessionId} → 403 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Forbidden to a key without the `browser` scope', async () => {
    await expectForbiddenWithoutScope(t, 'deleteBrowserSession', (client) =>
      client.DELETE('/v2/interact/{sessionId}', { params: { path: { sessionId: 'bs_unknown' } } }),
    )
  })
})
