import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'
import { call, it401 } from '../../../test/keys-fixtures.js'
import { portalToken } from '../../../test/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.createSession 401 (%s)', (kind) => {
  const t = useService(kind)
  const body = () => ({ portal: 'portal_main', externalId: 'customer_1', scopes: ['keys:read'] })
  it401(t, 'portal.createSession', body)

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
