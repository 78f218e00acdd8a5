import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/monitor → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a `limit` below 1', async () => {
    expectBadRequest(await t.client.GET('/v2/monitor', { params: { query: { limit: 0 } } }), 'query', 'limit')
  })
})
