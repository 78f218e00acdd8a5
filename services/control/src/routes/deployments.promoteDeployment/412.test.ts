import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.promoteDeployment 412 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 412 for a deployment that cannot take live traffic', async () => {
    const fx = await t.fixture()
    for (const id of [fx.failed, fx.building, fx.stopped, fx.shuttingDown, fx.preview, fx.current]) {
      const { response, error } = await t.client.raw.POST('/v2/deployments.promoteDeployment', {
        body: { deploymentId: id },
      })
      expect(response.status, id).toBe(412)
      expect(error?.error.detail).toContain(id)
    }
  })
})
