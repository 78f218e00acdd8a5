import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.listEnvironmentVariables 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 to a key that may read another environment only', async () => {
    const fx = await t.fixture()
    const key = await t.key([`environment.${fx.previewEnvironmentId}.read_variables`])
    expect((await call(t, 'environments.listEnvironmentVariables', production(fx), key)).status).toBe(403)
    const preview = { ...production(fx), environment: 'preview' }
    expect((await call(t, 'environments.listEnvironmentVariables', preview, key)).status).toBe(200)
  })
})
