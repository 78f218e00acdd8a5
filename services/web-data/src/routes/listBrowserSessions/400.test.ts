import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/interact → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses an unknown `status` filter', async () => {
    expectBadRequest(
      await t.client.GET('/v2/interact', { params: { query: { status: 'sleeping' as never } } }),
      'query',
      'status',
    )
  })
})
