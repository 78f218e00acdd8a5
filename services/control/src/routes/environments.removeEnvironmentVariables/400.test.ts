import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('environments.removeEnvironmentVariables 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ project: 'demo', app: 'checkout-api', environment: 'production', variables: [] }, 'body.variables'],
    [{ project: 'demo', app: 'checkout-api', environment: 'production' }, 'body.variables'],
    [
      { project: 'demo', app: 'checkout-api', environment: 'production', variables: [42] },
      'body.variables[0]',
    ],
  ])('rejects %j', (body, location) =>
    expectBadRequest(t, 'environments.removeEnvironmentVariables', body, location),
  )
})
