import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.updatePolicy 400 (%s)', (kind) => {
  const t = useService(kind)
  const where = { project: 'demo', app: 'checkout-api', environment: 'production' }
  it400(t, 'gateway.updatePolicy', [
    [{ ...where, enabled: false }, 'body.policyId'],
    [{ ...where, policyId: 'per-ip-limit', enabled: 'no' }, 'body.enabled'],
  ])
})
