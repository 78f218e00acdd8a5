import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/extract/{id} → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses an id that is not a UUID', async () => {
    expectBadRequest(
      await t.client.GET('/v2/extract/{id}', { params: { path: { id: 'nope' } } }),
      'path',
      'id',
    )
  })
})
