import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('gateway.updatePolicy 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  const where = { project: 'demo', app: 'checkout-api', environment: 'production' }
  it.each<[unknown, string]>([
    [{ ...where, enabled: false }, 'body.policyId'],
    [{ ...where, policyId: 'per-ip-limit', enabled: 'no' }, 'body.enabled'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'gateway.updatePolicy', body, location))
})
