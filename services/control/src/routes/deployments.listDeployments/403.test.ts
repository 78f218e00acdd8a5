import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.listDeployments 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 to a key that may read no deployments at all', async () => {
    const key = await t.key(['environment.*.rollback_deployment', 'api.*.read_api'])
    const { error, response } = await t
      .clientFor(key)
      .raw.POST('/v2/deployments.listDeployments', { body: {} })
    expect(response.status).toBe(403)
    expect(error?.error.type).toBe(
      'https://docs.deploy-control.dev/errors/authorization/insufficient_permissions',
    )
  })
})
