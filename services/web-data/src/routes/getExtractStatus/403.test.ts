import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectForbiddenWithoutScope } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/extract/{id} → 403 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Forbidden to a key without the `extract` scope', async () => {
    await expectForbiddenWithoutScope(t, 'getExtractStatus', (client) =>
      client.GET('/v2/extract/{id}', { params: { path: { id: randomUUID() } } }),
    )
  })
})
