import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { endUser } from '../../testing/portal-fixtures.js'
import { expectForbiddenWithoutPermission } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('portal.createSession 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a root key without the required permission', () =>
    expectForbiddenWithoutPermission(t, 'portal.createSession', () => ({
      portal: 'portal_main',
      externalId: 'customer_1',
      scopes: ['keys:read'],
    })))

  it('answers 403 to a key allowed on another portal only', async () => {
    const user = await endUser(t)
    const key = await t.key(['portal.portal_other.create_session'])
    const { response, error } = await call(
      t,
      'portal.createSession',
      { portal: 'portal_main', externalId: user.externalId, scopes: ['keys:read'] },
      key,
    )
    expect(response.status).toBe(403)
    expect(error?.error.detail).toContain('portal.portal_main.create_session')
  })
})
