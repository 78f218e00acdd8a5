import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { withOverride } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.deleteOverride 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an identifier without override, a second delete and an unknown namespace', async () => {
    const { namespace, identifier } = await withOverride(t)
    expect((await call(t, 'ratelimit.deleteOverride', { namespace, identifier })).response.status).toBe(200)
    for (const body of [
      { namespace, identifier },
      { namespace, identifier: 'nobody' },
      { namespace: `missing_${randomToken(6)}`, identifier: 'a' },
    ]) {
      expect((await call(t, 'ratelimit.deleteOverride', body)).response.status).toBe(404)
    }
  })
})
