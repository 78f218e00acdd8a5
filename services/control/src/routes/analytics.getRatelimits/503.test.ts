import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it503 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('analytics.getRatelimits 503 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it503(t, 'analytics.getRatelimits', {
    query:
      "SELECT identifier, countIf(passed = false) AS blocked FROM ratelimits WHERE namespace = 'api.requests' AND time > now() - INTERVAL 1 HOUR GROUP BY identifier ORDER BY blocked DESC LIMIT 10",
  })
})
