import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, ok } from '../../testing/keys-fixtures.js'
import { portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.listKeys 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 once the end user of the session has been deleted', async () => {
    const { token, user } = await portalToken(t, { scopes: ['keys:read'] })
    await ok(t, 'identities.deleteIdentity', { identity: user.externalId })
    const { response, error } = await call(t, 'portal.listKeys', {}, token)
    expect(response.status).toBe(404)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/data/identity_not_found')
  })
})
