import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('analytics.getVerifications 401 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([undefined, 'ck_nope'])('answers 401 for key %s', async (key) => {
    const { response } = await t.clientFor(key).raw.POST('/v2/analytics.getVerifications', {
      body: { query: 'SELECT 1' },
    })
    expect(response.status).toBe(401)
  })
})
