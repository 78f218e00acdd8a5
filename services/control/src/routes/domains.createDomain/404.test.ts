import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production, uniqueDomain } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.createDomain 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown environment', async () => {
    const fx = await t.fixture()
    const answer = await call(t, 'domains.createDomain', {
      ...production(fx),
      environment: 'staging',
      domain: uniqueDomain(),
    })
    expect(answer.status).toBe(404)
  })
})
