import { sha256, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { createSession, endUser } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.createSession 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('creates a session for the end user and answers a portal URL with a one-time code', async () => {
    const user = await endUser(t)
    const { response, data } = await call(t, 'portal.createSession', {
      portal: 'portal_main',
      externalId: user.externalId,
      scopes: ['keys:read', 'keys:reroll'],
      preview: true,
      returnUrl: 'https://app.example.com/settings/api',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('pragma')).toBe('no-cache')
    const session = data?.data as { id: string; url: string }
    expect(session.id).toMatch(/^ps_/)
    const url = new URL(session.url)
    expect(url.pathname).toBe('/portal_main/session')
    const code = url.searchParams.get('code') ?? ''
    expect(code).toMatch(/^pc_/)

    // Only the hash of the code is stored, with the session's end user and scopes.
    const rows = await t.service.db.query<Record<string, unknown>>(
      'SELECT * FROM portal_sessions WHERE id = $1',
      [session.id],
    )
    expect(rows[0]).toMatchObject({
      portal_id: 'portal_main',
      identity_id: user.identityId,
      external_id: user.externalId,
      preview: true,
      return_url: 'https://app.example.com/settings/api',
      code_hash: sha256(code),
      code_used_at: null,
      token_hash: null,
    })
    expect(JSON.stringify(rows[0])).not.toContain(code)
  })

  it('makes the code in the URL valid 15 minutes', async () => {
    const user = await endUser(t)
    const before = Date.now()
    const session = await createSession(t, user.externalId)
    const after = Date.now()
    const rows = await t.service.db.query<{ code_expires_at: unknown }>(
      'SELECT code_expires_at FROM portal_sessions WHERE id = $1',
      [session.id],
    )
    const expiresAt = Number(rows[0]?.code_expires_at)
    expect(expiresAt).toBeGreaterThanOrEqual(before + 15 * 60_000)
    expect(expiresAt).toBeLessThanOrEqual(after + 15 * 60_000)
  })

  it('accepts a root key holding create_session for that portal only', async () => {
    const user = await endUser(t)
    const key = await t.key(['portal.portal_main.create_session'])
    const { response } = await call(
      t,
      'portal.createSession',
      { portal: 'portal_main', externalId: user.externalId, scopes: ['keys:read'] },
      key,
    )
    expect(response.status).toBe(200)
  })
})
