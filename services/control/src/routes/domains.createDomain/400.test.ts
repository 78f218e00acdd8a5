import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.createDomain 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    ['localhost'],
    ['under_score.example.com'],
    ['-bad.example.com'],
    ['10.0.0.1'],
    ['a..b.com'],
    ['abc'],
  ])('rejects %s', async (domain) => {
    const fx = await t.fixture()
    const answer = await call(t, 'domains.createDomain', { ...production(fx), domain })
    expect(answer.status).toBe(400)
    expect(locationsOf(answer.error)).toEqual(['body.domain'])
  })
})
