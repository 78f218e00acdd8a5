import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { type FaultyTestService, startFaultyTestService } from '../../testing/harness.js'
import { expectDatabaseFailure } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/crawl/{id} → 500 (%s)', (kind) => {
  let t: FaultyTestService
  beforeAll(async () => {
    t = await startFaultyTestService({ kind })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Internal Server Error when the database raises an internal error', async () => {
    await expectDatabaseFailure(t, 500, (client) =>
      client.GET('/v2/crawl/{id}', { params: { path: { id: randomUUID() } } }),
    )
  })
})
