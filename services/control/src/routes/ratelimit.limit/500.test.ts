import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it500 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('ratelimit.limit 500 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it500(t, 'ratelimit.limit', () => ({
    namespace: `ns_${randomToken(8)}`,
    identifier: 'user_8412',
    limit: 100,
    duration: 60000,
  }))
})
