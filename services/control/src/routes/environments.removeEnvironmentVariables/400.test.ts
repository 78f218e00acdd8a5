import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('environments.removeEnvironmentVariables 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'environments.removeEnvironmentVariables', [
    [{ project: 'demo', app: 'checkout-api', environment: 'production', variables: [] }, 'body.variables'],
    [{ project: 'demo', app: 'checkout-api', environment: 'production' }, 'body.variables'],
    [
      { project: 'demo', app: 'checkout-api', environment: 'production', variables: [42] },
      'body.variables[0]',
    ],
  ])
})
