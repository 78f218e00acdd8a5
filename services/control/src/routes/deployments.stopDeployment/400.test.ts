import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('deployments.stopDeployment 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.deploymentId'],
    [{ deploymentId: 'd_seed v1' }, 'body.deploymentId'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'deployments.stopDeployment', body, location))
})
