import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectForbiddenWithoutScope } from '../../testing/statuses.js'
import { upload } from '../../testing/uploads.js'

describe.each(testDatabaseKinds())('POST /v2/parse → 403 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Forbidden to a key without the `parse` scope', async () => {
    await expectForbiddenWithoutScope(t, 'parseFile', (client) =>
      client.POST('/v2/parse', { body: upload('# Notes', 'notes.md', 'text/markdown') as never }),
    )
  })
})
