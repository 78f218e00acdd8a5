import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.updateSettings 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown environment', async () => {
    const fx = await t.fixture()
    const answer = await call(t, 'environments.updateSettings', {
      ...production(fx),
      environment: 'env_x_missing',
      port: 81,
    })
    expect(answer.status).toBe(404)
  })
})
