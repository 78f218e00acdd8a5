import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useFaultyTestService } from '../../testing/lifecycle.js'
import { expectDatabaseFailure } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('POST /v2/crawl/params-preview → 502 (%s)', (kind) => {
  const t = useFaultyTestService({ kind })

  it('answers Bad Gateway when the database answers with a protocol violation', async () => {
    await expectDatabaseFailure(
      t,
      502,
      (client) =>
        client.POST('/v2/crawl/params-preview', {
          body: { url: 'https://docs.example.com', prompt: 'only the blog' },
        }),
      // The preview reads nothing of its own: only authentication meets the failure.
      { coldCaches: true },
    )
  })
})
