import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.promoteDeployment 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown deployment and for a key without promote_deployment', async () => {
    const fx = await t.fixture()
    const promote = (key: string, deploymentId: string) =>
      t.clientFor(key).raw.POST('/v2/deployments.promoteDeployment', { body: { deploymentId } })
    expect((await promote(t.service.rootKey, 'd_nope_123')).response.status).toBe(404)
    const key = await t.key(['environment.*.rollback_deployment'])
    expect((await promote(key, fx.v1)).response.status).toBe(404)
  })
})
