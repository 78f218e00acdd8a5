import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.removeEnvironmentVariables 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('deletes the given keys and ignores unknown ones', async () => {
    const fx = await t.fixture()
    await t.client.environments.setEnvironmentVariables({
      ...production(fx),
      variables: ['A', 'B', 'C'].map((key) => ({ key, value: 'x' })),
    })
    const answer = await call(t, 'environments.removeEnvironmentVariables', {
      ...production(fx),
      variables: ['A', 'C', 'NOT_THERE'],
    })
    expect(answer.status).toBe(200)
    expect(answer.data.data).toEqual({})
    const left = await t.client.environments.listEnvironmentVariables(production(fx))
    expect(left.map((v) => v.key)).toEqual(['B'])
  })
})
