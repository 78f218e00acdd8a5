import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey } from '../../testing/keys-fixtures.js'
import { endUser } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.createSession 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  const body = (externalId: string) => ({ portal: 'portal_main', externalId, scopes: ['keys:read'] })

  it('answers 404 for an externalId without an identity', async () => {
    const { response, error } = await call(t, 'portal.createSession', body('nobody_by_that_name'))
    expect(response.status).toBe(404)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/data/identity_not_found')
  })

  it('answers 404 for an identity of another workspace', async () => {
    const theirs = await endUser(t, await foreignRootKey(t))
    expect((await call(t, 'portal.createSession', body(theirs.externalId))).response.status).toBe(404)
  })
})
