import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.rerollKey 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a session created without the keys:reroll scope', async () => {
    const { token, user } = await portalToken(t, { scopes: ['keys:read'] })
    const { response, error } = await call(
      t,
      'portal.rerollKey',
      { keyId: user.keys[0]?.keyId, expiration: 0 },
      token,
    )
    expect(response.status).toBe(403)
    expect(error?.error.detail).toContain('portal.portal_main.reroll_key')
  })
})
