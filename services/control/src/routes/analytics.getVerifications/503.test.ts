import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it503 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('analytics.getVerifications 503 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it503(t, 'analytics.getVerifications', {
    query:
      "SELECT toStartOfDay(time) AS day, countIf(outcome = 'VALID') AS valid, countIf(outcome = 'RATE_LIMITED') AS rateLimited FROM key_verifications WHERE time > now() - INTERVAL 7 DAY GROUP BY day ORDER BY day",
  })
})
