import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it429, LIMITED } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('identities.createIdentity 429 (%s)', (kind) => {
  const t = useService(kind, LIMITED)
  it429(t, 'identities.createIdentity', {
    externalId: 'customer_8412',
    meta: { company: 'Acme Corp', plan: 'pro' },
    ratelimits: [{ name: 'requests', limit: 1000, duration: 60000, autoApply: true }],
  })
})
