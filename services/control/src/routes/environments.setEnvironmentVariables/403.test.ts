import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.setEnvironmentVariables 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 with read_variables only; write_variables of the environment grants it', async () => {
    const fx = await t.fixture()
    const body = { ...production(fx), variables: [{ key: 'A', value: 'b' }] }
    const reader = await t.key([`environment.${fx.productionEnvironmentId}.read_variables`])
    expect((await call(t, 'environments.setEnvironmentVariables', body, reader)).status).toBe(403)
    const writer = await t.key([`environment/${fx.productionEnvironmentId}#write_variables`])
    expect((await call(t, 'environments.setEnvironmentVariables', body, writer)).status).toBe(200)
  })
})
