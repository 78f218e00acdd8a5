import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/batch/scrape/{id}/errors → 400 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses an id that is not a UUID', async () => {
    expectBadRequest(
      await t.client.GET('/v2/batch/scrape/{id}/errors', { params: { path: { id: 'nope' } } }),
      'path',
      'id',
    )
  })
})
