import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.listPolicies 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'gateway.listPolicies', [
    [{ project: 'demo', app: 'checkout-api' }, 'body.environment'],
    [{ project: 'demo', app: 'checkout api', environment: 'production' }, 'body.app'],
  ])
})
