import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it401 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('analytics.getGatewayRequests 401 (%s)', (kind) => {
  const t = useService(kind)
  it401(t, 'analytics.getGatewayRequests', () => ({ query: 'SELECT 1' }))
})
