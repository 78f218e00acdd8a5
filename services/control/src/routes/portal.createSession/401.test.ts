import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { portalToken } from '../../testing/portal-fixtures.js'
import { expectUnauthorized, UNAUTHORIZED_KEYS } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('portal.createSession 401 (%s)', (kind) => {
  const t = useTestService({ kind })
  const body = () => ({ portal: 'portal_main', externalId: 'customer_1', scopes: ['keys:read'] })
  it.each(UNAUTHORIZED_KEYS)('answers 401 for root key %s', (key) =>
    expectUnauthorized(t, 'portal.createSession', body, key),
  )

  it('answers 401 to a portal session token: only root keys create sessions', async () => {
    const { token, user } = await portalToken(t)
    const { response } = await call(
      t,
      'portal.createSession',
      { ...body(), externalId: user.externalId },
      token,
    )
    expect(response.status).toBe(401)
  })
})
