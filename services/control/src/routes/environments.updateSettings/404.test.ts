import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'
import { call, production } from '../../../test/platform.js'

describe.each(testDatabaseKinds())('environments.updateSettings 404 (%s)', (kind) => {
  const t = useService(kind)

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
