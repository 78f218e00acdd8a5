import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/team/credit-usage → 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Not Found for a team whose billing is not configured (never granted credits)', async () => {
    const unbilled = await t.newTeam(0)
    const { error, response } = await t.clientWith(unbilled.key).GET('/v2/team/credit-usage')
    expect(response.status).toBe(404)
    expect(error).toEqual({ success: false, error: 'Not Found', code: 'BILLING_NOT_CONFIGURED' })
    const billed = await t.newTeam(1)
    expect((await t.clientWith(billed.key).GET('/v2/team/credit-usage')).response.status).toBe(200)
  })
})
