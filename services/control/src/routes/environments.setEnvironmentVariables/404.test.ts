import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.setEnvironmentVariables 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown environment or app', async () => {
    const fx = await t.fixture()
    for (const address of [
      { project: fx.projectId, app: fx.appId, environment: 'staging' },
      { project: fx.projectId, app: 'app_missing', environment: 'production' },
    ]) {
      const answer = await call(t, 'environments.setEnvironmentVariables', {
        ...address,
        variables: [{ key: 'A', value: 'b' }],
      })
      expect(answer.status).toBe(404)
    }
  })

  it('answers 404, never 500, when the app is deleted while variables are being set', async () => {
    const fx = await t.fixture()
    const set = () =>
      call(t, 'environments.setEnvironmentVariables', {
        ...production(fx),
        variables: [{ key: 'A', value: 'b' }],
      })
    const first = await Promise.all(Array.from({ length: 10 }, set))
    const deletion = call(t, 'apps.deleteApp', { project: fx.projectId, app: fx.appId })
    const during = await Promise.all(Array.from({ length: 20 }, set))
    expect((await deletion).status).toBe(202)
    for (const answer of [...first, ...during]) expect([200, 404]).toContain(answer.status)
    for (const refused of during.filter((a) => a.status === 404))
      expect(refused.error?.error).toMatchObject({ status: 404 })
  })
})
