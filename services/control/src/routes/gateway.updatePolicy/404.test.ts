import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { withPolicies } from '../../../test/gateway-fixtures.js'
import { useService } from '../../../test/harness.js'
import { call } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.updatePolicy 404 (%s)', (kind) => {
  const t = useService(kind)

  it('answers 404 for an unknown policy and an unknown environment', async () => {
    const { where } = await withPolicies(t)
    for (const body of [
      { ...where, policyId: 'nope', enabled: true },
      { ...where, environment: 'staging', policyId: 'per-ip-limit', enabled: true },
    ]) {
      expect((await call(t, 'gateway.updatePolicy', body)).response.status).toBe(404)
    }
  })
})
