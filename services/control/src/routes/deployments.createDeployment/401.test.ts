import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it401 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('deployments.createDeployment 401 (%s)', (kind) => {
  const t = useService(kind)
  it401(t, 'deployments.createDeployment', () => ({
    project: 'demo',
    app: 'checkout-api',
    environment: 'production',
    image: { dockerImage: 'ghcr.io/acme/checkout-api:1' },
  }))
})
