import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { UNREACHABLE } from '../../testing/requests.js'
import { expectForbiddenWithoutScope } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('POST /v2/extract → 403 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Forbidden to a key without the `extract` scope', async () => {
    await expectForbiddenWithoutScope(t, 'extractData', (client) =>
      client.POST('/v2/extract', { body: { urls: [UNREACHABLE], prompt: 'the title' } }),
    )
  })
})
