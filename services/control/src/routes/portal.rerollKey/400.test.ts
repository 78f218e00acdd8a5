import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.rerollKey 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each([
    [{ keyId: 'key_1234' }, 'body.expiration'],
    [{ keyId: 'key_1234', expiration: -1 }, 'body.expiration'],
    [{ expiration: 0 }, 'body.keyId'],
    [{ keyId: 'key-with-dash', expiration: 0 }, 'body.keyId'],
  ])('rejects %j', async (body, location) => {
    const { token } = await portalToken(t, { scopes: ['keys:reroll'] })
    const { response, error } = await call(t, 'portal.rerollKey', body, token)
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
})
