import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('deployments.promoteDeployment 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'deployments.promoteDeployment', [
    [{}, 'body.deploymentId'],
    [{ deploymentId: 'd' }, 'body.deploymentId'],
    [{ deploymentId: 'd_seed_v1', force: true }, 'body.force'],
  ])
})
