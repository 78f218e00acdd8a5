import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('environments.getEnvironment 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown environment', async () => {
    const { response } = await t.client.raw.POST('/v2/environments.getEnvironment', {
      body: { project: 'demo', app: 'checkout-api', environment: 'staging' },
    })
    expect(response.status).toBe(404)
  })
})
