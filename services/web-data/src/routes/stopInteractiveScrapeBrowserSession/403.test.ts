import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectForbiddenWithoutScope } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('DELETE /v2/scrape/{jobId}/interact → 403 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Forbidden to a key without the `browser` scope', async () => {
    await expectForbiddenWithoutScope(t, 'stopInteractiveScrapeBrowserSession', (client) =>
      client.DELETE('/v2/scrape/{jobId}/interact', { params: { path: { jobId: randomUUID() } } }),
    )
  })
})
