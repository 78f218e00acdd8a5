import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.setOverride 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown namespace', async () => {
    const { response, error } = await call(t, 'ratelimit.setOverride', {
      namespace: `missing_${randomToken(6)}`,
      identifier: 'a',
      limit: 1,
      duration: 1000,
    })
    expect(response.status).toBe(404)
    expect(error?.error.title).toBe('Not Found')
  })
})
