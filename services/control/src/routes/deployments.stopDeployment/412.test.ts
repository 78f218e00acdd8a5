import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deployments.stopDeployment 412 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('refuses to stop what is stopped, failed, shutting down or already cancelled', async () => {
    const fx = await t.fixture()
    expect((await call(t, 'deployments.stopDeployment', { deploymentId: fx.building })).status).toBe(202)
    for (const id of [fx.stopped, fx.failed, fx.shuttingDown, fx.building]) {
      const { status, error } = await call(t, 'deployments.stopDeployment', { deploymentId: id })
      expect(status, `stop ${id}`).toBe(412)
      expect(error.error.title).toBe('Precondition Failed')
    }
  })
})
