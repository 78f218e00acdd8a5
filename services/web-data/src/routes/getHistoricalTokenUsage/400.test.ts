import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/team/token-usage/historical → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a `byApiKey` that is not a boolean', async () => {
    expectBadRequest(
      await t.client.GET('/v2/team/token-usage/historical', {
        params: { query: { byApiKey: 'maybe' as never } },
      }),
      'query',
      'byApiKey',
    )
  })
})
