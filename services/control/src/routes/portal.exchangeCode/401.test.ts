import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { createSession, endUser } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.exchangeCode 401 (%s)', (kind) => {
  const t = useTestService({ kind })
  const exchange = (code: string) => call(t, 'portal.exchangeCode', { code }, null)

  it('answers 401 for an unknown code', async () => {
    const { response, error } = await exchange('pc_not_a_code_we_issued')
    expect(response.status).toBe(401)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/authentication/invalid_code')
  })

  it('answers 401 for a code used before', async () => {
    const user = await endUser(t)
    const { code } = await createSession(t, user.externalId)
    expect((await exchange(code)).response.status).toBe(200)
    expect((await exchange(code)).response.status).toBe(401)
  })

  it('answers 401 for an expired code', async () => {
    const user = await endUser(t)
    const session = await createSession(t, user.externalId)
    await t.service.db.query('UPDATE portal_sessions SET code_expires_at = $2 WHERE id = $1', [
      session.id,
      Date.now() - 1,
    ])
    expect((await exchange(session.code)).response.status).toBe(401)
  })
})
