import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('deployments.startDeployment 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.deploymentId'],
    [{ deploymentId: 42 }, 'body.deploymentId'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'deployments.startDeployment', body, location))
})
