import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('DELETE /v2/scrape/{jobId}/interact → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a job id that is not a UUID', async () => {
    expectBadRequest(
      await t.client.DELETE('/v2/scrape/{jobId}/interact', { params: { path: { jobId: 'nope' } } }),
      'path',
      'jobId',
    )
  })
})
