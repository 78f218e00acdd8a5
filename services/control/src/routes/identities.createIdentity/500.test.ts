import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it500 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('identities.createIdentity 500 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it500(t, 'identities.createIdentity', {
    externalId: 'customer_8412',
    meta: { company: 'Acme Corp', plan: 'pro' },
    ratelimits: [{ name: 'requests', limit: 1000, duration: 60000, autoApply: true }],
  })
})
