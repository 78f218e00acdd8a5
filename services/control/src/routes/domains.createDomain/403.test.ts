import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'
import { call, production, uniqueDomain } from '../../../test/platform.js'

describe.each(testDatabaseKinds())('domains.createDomain 403 (%s)', (kind) => {
  const t = useService(kind)

  it('answers 403 without create_domain on the environment', async () => {
    const fx = await t.fixture()
    const key = await t.key(['environment.*.read_domain'])
    const answer = await call(t, 'domains.createDomain', { ...production(fx), domain: uniqueDomain() }, key)
    expect(answer.status).toBe(403)
    expect(answer.error.error.detail).toContain(`environment.${fx.productionEnvironmentId}.create_domain`)
  })
})
