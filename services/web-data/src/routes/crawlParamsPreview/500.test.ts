import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useFaultyTestService } from '../../testing/lifecycle.js'
import { expectDatabaseFailure } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('POST /v2/crawl/params-preview → 500 (%s)', (kind) => {
  const t = useFaultyTestService({ kind })

  it('answers Internal Server Error when the database raises an internal error', async () => {
    await expectDatabaseFailure(
      t,
      500,
      (client) =>
        client.POST('/v2/crawl/params-preview', {
          body: { url: 'https://docs.example.com', prompt: 'only the blog' },
        }),
      // The preview reads nothing of its own: only authentication meets the failure.
      { coldCaches: true },
    )
  })
})
