import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.setEnvironmentVariables 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    ['an invalid key', [{ key: '1BAD', value: 'x' }], 'body.variables[0].key'],
    ['an empty value', [{ key: 'GOOD', value: '' }], 'body.variables[0].value'],
    ['an unknown kind', [{ key: 'GOOD', value: 'x', kind: 'secret' }], 'body.variables[0].kind'],
    [
      'a duplicate key',
      [
        { key: 'A', value: '1' },
        { key: 'A', value: '2' },
      ],
      'body.variables[1].key',
    ],
    [
      'more than 50 variables',
      Array.from({ length: 51 }, (_, i) => ({ key: `K${i}`, value: 'v' })),
      'body.variables',
    ],
  ])('rejects %s', async (_label, variables, location) => {
    const fx = await t.fixture()
    const answer = await call(t, 'environments.setEnvironmentVariables', { ...production(fx), variables })
    expect(answer.status).toBe(400)
    expect(locationsOf(answer.error)).toContain(location)
    expect(
      await t.service.db.query('SELECT 1 FROM environment_variables WHERE environment_id = $1', [
        fx.productionEnvironmentId,
      ]),
    ).toEqual([])
  })
})
