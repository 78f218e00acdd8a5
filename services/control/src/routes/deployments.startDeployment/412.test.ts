import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deployments.startDeployment 412 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('refuses to start what is not stopped', async () => {
    const fx = await t.fixture()
    for (const id of [fx.v1, fx.current, fx.failed, fx.building, fx.shuttingDown]) {
      const { status, error } = await call(t, 'deployments.startDeployment', { deploymentId: id })
      expect(status, `start ${id}`).toBe(412)
      expect(error.error.detail).toContain('only a stopped deployment can be started')
    }
  })
})
