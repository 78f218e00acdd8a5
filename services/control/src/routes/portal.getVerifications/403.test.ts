import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.getVerifications 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a session created without the analytics:read scope', async () => {
    const { token } = await portalToken(t, { scopes: ['keys:read', 'keys:reroll'] })
    const { response, error } = await call(
      t,
      'portal.getVerifications',
      { startTime: 0, endTime: 1000 },
      token,
    )
    expect(response.status).toBe(403)
    expect(error?.error.detail).toContain('portal.portal_main.read_verifications')
  })
})
