import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectUnauthorized } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/batch/scrape/{id} → 401 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Unauthorized: Invalid token without a valid key (missing, malformed, unknown, revoked)', async () => {
    await expectUnauthorized(t, (client) =>
      client.GET('/v2/batch/scrape/{id}', { params: { path: { id: randomUUID() } } }),
    )
  })
})
