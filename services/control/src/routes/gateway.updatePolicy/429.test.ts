import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it429, LIMITED } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('gateway.updatePolicy 429 (%s)', (kind) => {
  const t = useService(kind, LIMITED)
  it429(t, 'gateway.updatePolicy', {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    policyId: 'per-ip-limit',
    enabled: false,
  })
})
