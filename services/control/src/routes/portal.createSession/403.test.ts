import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'
import { call, it403 } from '../../../test/keys-fixtures.js'
import { endUser } from '../../../test/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.createSession 403 (%s)', (kind) => {
  const t = useService(kind)
  it403(t, 'portal.createSession', () => ({
    portal: 'portal_main',
    externalId: 'customer_1',
    scopes: ['keys:read'],
  }))

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
