import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('deployments.stopDeployment 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'deployments.stopDeployment', [
    [{}, 'body.deploymentId'],
    [{ deploymentId: 'd_seed v1' }, 'body.deploymentId'],
  ])
})
