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

  it('answers 404, never 500, when the app is deleted while domains are being added', async () => {
    const fx = await t.fixture()
    const create = () => call(t, 'domains.createDomain', { ...production(fx), domain: uniqueDomain() })
    const deletion = call(t, 'apps.deleteApp', { project: fx.projectId, app: fx.appId })
    const during = await Promise.all(Array.from({ length: 20 }, create))
    expect((await deletion).status).toBe(202)
    for (const answer of during) expect([200, 404]).toContain(answer.status)
  })
})
