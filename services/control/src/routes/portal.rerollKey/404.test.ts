import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey, ok } from '../../testing/keys-fixtures.js'
import { endUser, portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.rerollKey 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it("answers 404 for keys that are not the end user's, and leaves them alone", async () => {
    const { token, user } = await portalToken(t, { scopes: ['keys:reroll'] })
    const unowned = await newKey(t, { apiId: user.keys[0]?.apiId })
    const foreign = await endUser(t, await foreignRootKey(t))
    for (const keyId of [user.otherKey.keyId, unowned.keyId, foreign.keys[0]?.keyId, 'key_unknown12345']) {
      const { response, error } = await call(t, 'portal.rerollKey', { keyId, expiration: 0 }, token)
      expect(response.status).toBe(404)
      expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/data/key_not_found')
    }
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: user.otherKey.key })).code).toBe('VALID')
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: unowned.key })).code).toBe('VALID')
  })

  it('answers 404 for a deleted key of the end user', async () => {
    const { token, user } = await portalToken(t, { scopes: ['keys:reroll'] })
    await ok(t, 'keys.deleteKey', { keyId: user.keys[0]?.keyId })
    const { response } = await call(
      t,
      'portal.rerollKey',
      { keyId: user.keys[0]?.keyId, expiration: 0 },
      token,
    )
    expect(response.status).toBe(404)
  })
})
