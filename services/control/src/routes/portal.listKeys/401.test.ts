import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { ROOT_KEY, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { callWithCookie, portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.listKeys 401 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([null, 'pst_not_a_token_we_issued'])('answers 401 for session token %s', async (token) => {
    const { response, error } = await call(t, 'portal.listKeys', {}, token)
    expect(response.status).toBe(401)
    expect(error?.error.title).toBe('Unauthorized')
  })

  it('answers 401 for an unknown token or a root key in the portal_session cookie', async () => {
    for (const token of ['pst_not_a_token_we_issued', ROOT_KEY]) {
      const { response, error } = await callWithCookie(t, 'portal.listKeys', {}, token)
      expect(response.status).toBe(401)
      expect(error?.error.type).toBe(
        'https://docs.deploy-control.dev/errors/authentication/session_not_found',
      )
    }
  })

  it('answers 401 to a root key, even one with every permission', async () => {
    expect((await call(t, 'portal.listKeys', {}, ROOT_KEY)).response.status).toBe(401)
  })

  it('answers 401 once the session has expired', async () => {
    const { token, sessionId } = await portalToken(t)
    expect((await call(t, 'portal.listKeys', {}, token)).response.status).toBe(200)
    await t.service.db.query('UPDATE portal_sessions SET token_expires_at = $2 WHERE id = $1', [
      sessionId,
      Date.now() - 1,
    ])
    const { response, error } = await call(t, 'portal.listKeys', {}, token)
    expect(response.status).toBe(401)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/authentication/session_expired')
  })

  it('a session token does not authenticate root-key operations', async () => {
    const { token, user } = await portalToken(t)
    const keyId = user.keys[0]?.keyId
    expect((await call(t, 'keys.getKey', { keyId }, token)).response.status).toBe(401)
    expect((await call(t, 'keys.rerollKey', { keyId, expiration: 0 }, token)).response.status).toBe(401)
  })
})
