import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.removeEnvironmentVariables 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without write_variables and deletes nothing', async () => {
    const fx = await t.fixture()
    await t.client.environments.setEnvironmentVariables({
      ...production(fx),
      variables: [{ key: 'A', value: 'x' }],
    })
    const key = await t.key(['environment.*.read_variables'])
    const answer = await call(
      t,
      'environments.removeEnvironmentVariables',
      { ...production(fx), variables: ['A'] },
      key,
    )
    expect(answer.status).toBe(403)
    expect(await t.client.environments.listEnvironmentVariables(production(fx))).toHaveLength(1)
  })
})
