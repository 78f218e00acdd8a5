import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it429, LIMITED } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('analytics.getRatelimits 429 (%s)', (kind) => {
  const t = useService(kind, LIMITED)
  it429(t, 'analytics.getRatelimits', {
    query:
      "SELECT identifier, countIf(passed = false) AS blocked FROM ratelimits WHERE namespace = 'api.requests' AND time > now() - INTERVAL 1 HOUR GROUP BY identifier ORDER BY blocked DESC LIMIT 10",
  })
})
