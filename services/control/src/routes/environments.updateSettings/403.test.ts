import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.updateSettings 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without update_settings on the environment', async () => {
    const fx = await t.fixture()
    const key = await t.key([`environment.${fx.previewEnvironmentId}.update_settings`])
    expect((await call(t, 'environments.updateSettings', { ...production(fx), port: 81 }, key)).status).toBe(
      403,
    )
    expect((await t.client.environments.getEnvironment(production(fx))).runtime?.port).toBe(8080)
  })
})
