import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { TWO_POLICIES, withPolicies } from '../../testing/gateway-fixtures.js'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.setPolicies 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('replaces the ordered list of one environment, and empties it', async () => {
    const { where } = await withPolicies(t)
    const reversed = [...TWO_POLICIES].reverse()
    const set = await call(t, 'gateway.setPolicies', { ...where, policies: reversed })
    expect(set.response.status).toBe(200)
    expect(set.data?.data).toEqual({})
    // Stored as given, each with an id of its own.
    expect((await call(t, 'gateway.listPolicies', where)).data?.data).toEqual(
      reversed.map((p) => ({ id: expect.stringMatching(/^pol_/), ...p })),
    )
    // Another environment keeps its own (empty) list.
    expect((await call(t, 'gateway.listPolicies', { ...where, environment: 'preview' })).data?.data).toEqual(
      [],
    )
    expect((await call(t, 'gateway.setPolicies', { ...where, policies: [] })).response.status).toBe(200)
    expect((await call(t, 'gateway.listPolicies', where)).data?.data).toEqual([])
  })
})
