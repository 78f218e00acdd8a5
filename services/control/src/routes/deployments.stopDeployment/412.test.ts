import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('deployments.stopDeployment / startDeployment 412 (%s)', (kind) => {
  const t = useService(kind)

  it('refuses to stop what is not running and to start what is not stopped', async () => {
    const fx = await t.fixture()
    for (const id of [fx.stopped, fx.failed, fx.shuttingDown, fx.building]) {
      const { response } = await t.client.raw.POST('/v2/deployments.stopDeployment', {
        body: { deploymentId: id },
      })
      expect(response.status, `stop ${id}`).toBe(412)
    }
    for (const id of [fx.v1, fx.current, fx.failed]) {
      const { response } = await t.client.raw.POST('/v2/deployments.startDeployment', {
        body: { deploymentId: id },
      })
      expect(response.status, `start ${id}`).toBe(412)
    }
  })
})
