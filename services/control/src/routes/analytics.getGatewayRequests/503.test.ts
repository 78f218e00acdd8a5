import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it503 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('analytics.getGatewayRequests 503 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it503(t, 'analytics.getGatewayRequests')
})
