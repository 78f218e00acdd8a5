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
    // The official SDK documents both: at least one field to change, at most one rule.
    [{ ...where, policyId: 'per-ip-limit' }, 'body'],
    [
      {
        ...where,
        policyId: 'per-ip-limit',
        keyauth: { keyspaces: ['api_1'] },
        ratelimit: { limit: 1, windowMs: 1000 },
      },
      'body.ratelimit',
    ],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'gateway.updatePolicy', body, location))
})
