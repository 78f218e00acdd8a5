import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.setEnvironmentVariables 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  const list = (fx: Parameters<typeof production>[0]) =>
    t.client.environments.listEnvironmentVariables({ ...production(fx) })

  it('stores values encrypted; write-only values never come back, recoverable ones do', async () => {
    const fx = await t.fixture()
    const answer = await call(t, 'environments.setEnvironmentVariables', {
      ...production(fx),
      variables: [
        { key: 'DATABASE_URL', value: 'postgres://secret@db/app', description: 'Primary database' },
        { key: 'LOG_LEVEL', value: 'debug', kind: 'recoverable' },
      ],
    })
    expect(answer.status).toBe(200)
    expect(answer.data.data).toEqual({})
    const page = await t.client.raw.POST('/v2/environments.listEnvironmentVariables', {
      body: production(fx),
    })
    const vars = page.data?.data ?? []
    expect(vars.map((v) => [v.key, v.kind, v.value, v.description])).toEqual([
      ['DATABASE_URL', 'writeonly', undefined, 'Primary database'],
      ['LOG_LEVEL', 'recoverable', 'debug', undefined],
    ])
    expect(JSON.stringify(page.data)).not.toContain('secret@db')
    // At rest: ciphertext only.
    const rows = await t.service.db.query<{ value_ciphertext: string }>(
      'SELECT value_ciphertext FROM environment_variables WHERE environment_id = $1',
      [fx.productionEnvironmentId],
    )
    for (const r of rows) {
      expect(r.value_ciphertext).toMatch(/^v1\./)
      expect(r.value_ciphertext).not.toContain('secret')
      expect(r.value_ciphertext).not.toContain('debug')
    }
  })

  it('overwrites existing keys and, with prune, deletes the keys not listed', async () => {
    const fx = await t.fixture()
    const set = (body: object) =>
      call(t, 'environments.setEnvironmentVariables', { ...production(fx), ...body })
    await set({ variables: ['A', 'B', 'C'].map((key) => ({ key, value: `${key}1`, kind: 'recoverable' })) })
    await set({ variables: [{ key: 'B', value: 'B2', kind: 'recoverable' }] })
    expect((await list(fx)).map((v) => [v.key, v.value])).toEqual([
      ['A', 'A1'],
      ['B', 'B2'],
      ['C', 'C1'],
    ])
    await set({ variables: [{ key: 'C', value: 'C3' }], prune: true })
    expect((await list(fx)).map((v) => [v.key, v.kind, v.value])).toEqual([['C', 'writeonly', undefined]])
  })
})
