import { sha256, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { createSession, endUser } from '../../testing/portal-fixtures.js'

const DAY = 86_400_000

describe.each(testDatabaseKinds())('portal.exchangeCode 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('trades the code, without Authorization, for a session token valid 24 hours', async () => {
    const user = await endUser(t)
    const session = await createSession(t, user.externalId)
    const before = Date.now()
    const { response, data } = await call(t, 'portal.exchangeCode', { code: session.code }, null)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('pragma')).toBe('no-cache')
    const { accessToken, expiresAt } = (data?.data ?? {}) as { accessToken: string; expiresAt: number }
    expect(accessToken).toMatch(/^pst_/)
    // 24 hours from the exchange, as the official SDK documents `expiresAt`.
    expect(expiresAt).toBeGreaterThanOrEqual(before + DAY)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + DAY)
    const rows = await t.service.db.query<{ token_hash: string; code_used_at: unknown }>(
      'SELECT token_hash, code_used_at FROM portal_sessions WHERE id = $1',
      [session.id],
    )
    expect(rows[0]?.token_hash).toBe(sha256(accessToken))
    expect(rows[0]?.code_used_at).not.toBeNull()
  })

  it('of concurrent exchanges of one code, exactly one succeeds', async () => {
    const user = await endUser(t)
    const { code } = await createSession(t, user.externalId)
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(t, 'portal.exchangeCode', { code }, null)),
    )
    const statuses = results.map((r) => r.response.status).sort()
    expect(statuses).toEqual([200, 401, 401, 401, 401, 401, 401, 401])
  })
})
