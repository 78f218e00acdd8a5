import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('environments.listEnvironments 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without environment.*.read_environment', async () => {
    const key = await t.key(['environment.env_checkout_production.read_environment'])
    const { response } = await t.clientFor(key).raw.POST('/v2/environments.listEnvironments', {
      body: { project: 'demo', app: 'checkout-api' },
    })
    expect(response.status).toBe(403)
  })
})
