import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it500 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('analytics.getGatewayRequests 500 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it500(t, 'analytics.getGatewayRequests', {
    query:
      'SELECT path, count() AS errors FROM gateway_requests WHERE status >= 500 AND time > now() - INTERVAL 1 DAY GROUP BY path ORDER BY errors DESC LIMIT 5',
  })
})
