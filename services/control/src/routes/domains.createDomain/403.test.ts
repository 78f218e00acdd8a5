import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production, uniqueDomain } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.createDomain 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without create_domain on the environment', async () => {
    const fx = await t.fixture()
    // create_domain on another environment only: the handler names the one it needed.
    const key = await t.key(['environment.*.read_domain', 'environment.env_other.create_domain'])
    const answer = await call(t, 'domains.createDomain', { ...production(fx), domain: uniqueDomain() }, key)
    expect(answer.status).toBe(403)
    expect(answer.error.error.detail).toContain(`environment.${fx.productionEnvironmentId}.create_domain`)
  })

  it('answers 403 before reading the request to a key without create_domain anywhere', async () => {
    const key = await t.key(['environment.*.read_domain'])
    const answer = await call(t, 'domains.createDomain', { domain: 'not a domain' }, key)
    expect(answer.status).toBe(403)
    expect(answer.error.error.detail).toContain('environment.*.create_domain')
  })
})
