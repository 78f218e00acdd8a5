import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it429, LIMITED } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('ratelimit.multiLimit 429 (%s)', (kind) => {
  const t = useService(kind, LIMITED)
  it429(t, 'ratelimit.multiLimit', [
    { namespace: 'api.requests', identifier: 'user_8412', limit: 100, duration: 60000 },
    { namespace: 'api.requests.org', identifier: 'org_acme', limit: 5000, duration: 60000 },
  ])
})
