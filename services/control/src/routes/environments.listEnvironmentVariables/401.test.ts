import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.listEnvironmentVariables 401 (%s)', (kind) => {
  const t = useTestService({ kind })
  const body = { project: 'demo', app: 'checkout-api', environment: 'production' }

  it('answers 401 without a key, with an unknown key and with a revoked key, and changes nothing', async () => {
    const revoked = await t.key(['*.*.*'], { revokedAt: Date.now() - 1000 })
    for (const key of [null, 'ck_unknown_key_401', revoked]) {
      const answer = await call(t, 'environments.listEnvironmentVariables', body, key)
      expect(answer.status).toBe(401)
      expect(answer.error.error.type).toMatch(/\/errors\/authentication\//)
    }
  })
})
