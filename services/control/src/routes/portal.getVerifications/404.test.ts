import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, ok } from '../../testing/keys-fixtures.js'
import { portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.getVerifications 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  const range = { startTime: 0, endTime: 86_400_000 }

  it("answers 404 for a keyId that is not the end user's", async () => {
    const { token, user } = await portalToken(t, { scopes: ['analytics:read'] })
    for (const keyId of [user.otherKey.keyId, 'key_unknown12345']) {
      const { response, error } = await call(t, 'portal.getVerifications', { ...range, keyId }, token)
      expect(response.status).toBe(404)
      expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/data/key_not_found')
    }
  })

  it('answers 404 once the end user of the session has been deleted', async () => {
    const { token, user } = await portalToken(t, { scopes: ['analytics:read'] })
    await ok(t, 'identities.deleteIdentity', { identity: user.externalId })
    expect((await call(t, 'portal.getVerifications', range, token)).response.status).toBe(404)
  })
})
