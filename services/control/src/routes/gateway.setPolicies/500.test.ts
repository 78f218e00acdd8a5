import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it500 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('gateway.setPolicies 500 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it500(t, 'gateway.setPolicies', {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    policies: [
      {
        name: 'require-api-key',
        enabled: true,
        match: [{ path: { path: { prefix: '/v1/' } } }],
        keyauth: { keyspaces: ['api_1mXc4Ke7Tq2Yb9'], permissionQuery: 'checkout.write' },
      },
      {
        name: 'block-admin',
        enabled: true,
        match: [{ path: { path: { prefix: '/admin' } } }],
        firewall: { action: 'ACTION_DENY' },
      },
    ],
  })
})
