import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newKey, ok } from '../../testing/keys-fixtures.js'
import { callWithCookie, portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.listKeys 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it("lists the end user's keys of every API, and nothing else of the workspace", async () => {
    const { token, user } = await portalToken(t, { scopes: ['keys:read'] })
    const { response, data } = await call(t, 'portal.listKeys', {}, token)
    expect(response.status).toBe(200)
    const keys = data?.data as Array<{ keyId: string; name?: string; identity?: { externalId: string } }>
    expect(keys.map((k) => k.keyId)).toEqual(user.keys.map((k) => k.keyId))
    expect(keys.map((k) => k.name)).toEqual(['first', 'second'])
    expect(keys.every((k) => k.identity?.externalId === user.externalId)).toBe(true)
    expect(JSON.stringify(keys)).not.toContain('plaintext')
    expect(data?.pagination).toEqual({ hasMore: false })
  })

  it('accepts the session token as the portal_session cookie, as the official SDK sends it', async () => {
    const { token, user } = await portalToken(t, { scopes: ['keys:read'] })
    const { response, data } = await callWithCookie(t, 'portal.listKeys', {}, token)
    expect(response.status).toBe(200)
    expect(((data?.data ?? []) as Array<{ keyId: string }>).map((k) => k.keyId)).toEqual(
      user.keys.map((k) => k.keyId),
    )
  })

  it('pages with a cursor and skips deleted keys', async () => {
    const { token, user } = await portalToken(t, { scopes: ['keys:read'] })
    const third = await newKey(t, { externalId: user.externalId, apiId: user.keys[0]?.apiId })
    await ok(t, 'keys.deleteKey', { keyId: user.keys[1]?.keyId })
    const first = await call(t, 'portal.listKeys', { limit: 1 }, token)
    expect(((first.data?.data ?? []) as Array<{ keyId: string }>).map((k) => k.keyId)).toEqual([
      user.keys[0]?.keyId,
    ])
    expect(first.data?.pagination?.hasMore).toBe(true)
    const second = await call(
      t,
      'portal.listKeys',
      { limit: 1, cursor: first.data?.pagination?.cursor },
      token,
    )
    expect(((second.data?.data ?? []) as Array<{ keyId: string }>).map((k) => k.keyId)).toEqual([third.keyId])
    expect(second.data?.pagination).toEqual({ hasMore: false })
  })
})
