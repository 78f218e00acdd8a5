import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.listEnvironmentVariables 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('pages through the variables by key', async () => {
    const fx = await t.fixture()
    const keys = ['E', 'A', 'D', 'B', 'C']
    await t.client.environments.setEnvironmentVariables({
      ...production(fx),
      variables: keys.map((key) => ({ key, value: `v-${key}`, kind: 'recoverable' as const })),
    })
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 5; page++) {
      const answer = await call(t, 'environments.listEnvironmentVariables', {
        ...production(fx),
        limit: 2,
        ...(cursor ? { cursor } : {}),
      })
      expect(answer.status).toBe(200)
      seen.push(...answer.data.data.map((v: { key: string }) => v.key))
      if (!answer.data.pagination.hasMore) break
      cursor = answer.data.pagination.cursor
    }
    expect(seen).toEqual(['A', 'B', 'C', 'D', 'E'])
  })

  it('lists the seeded variables of the demo app without the write-only values', async () => {
    const vars = await t.client.environments.listEnvironmentVariables({
      project: 'demo',
      app: 'checkout-api',
      environment: 'production',
    })
    expect(vars.map((v) => [v.key, v.kind, v.value])).toEqual([
      ['DATABASE_URL', 'writeonly', undefined],
      ['LOG_LEVEL', 'recoverable', 'info'],
      ['STRIPE_SECRET_KEY', 'writeonly', undefined],
    ])
  })
})
