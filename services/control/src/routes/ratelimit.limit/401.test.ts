import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('ratelimit.limit 401 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([undefined, 'ck_unknown_key'])('answers 401 for key %s and counts nothing', async (key) => {
    const { response } = await t.clientFor(key).raw.POST('/v2/ratelimit.limit', {
      body: { namespace: 'unauthenticated', identifier: 'u', limit: 1, duration: 60_000 },
    })
    expect(response.status).toBe(401)
    const rows = await t.service.db.query("SELECT 1 FROM ratelimit_namespaces WHERE name = 'unauthenticated'")
    expect(rows).toEqual([])
  })
})
