import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { withPolicies } from '../../testing/gateway-fixtures.js'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.updatePolicy 404 (%s)', (kind) => {
  const t = useTestService({ kind })

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
