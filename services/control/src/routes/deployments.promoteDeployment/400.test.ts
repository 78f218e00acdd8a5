import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('deployments.promoteDeployment 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.deploymentId'],
    [{ deploymentId: 'd' }, 'body.deploymentId'],
    [{ deploymentId: 'd_seed_v1', force: true }, 'body.force'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'deployments.promoteDeployment', body, location))
})
