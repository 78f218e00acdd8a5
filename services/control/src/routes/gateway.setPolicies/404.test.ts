import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('gateway.setPolicies 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown environment and for one of another workspace', async () => {
    const fx = await t.fixture()
    const other = await t.fixture({ workspaceId: await t.workspace() })
    for (const where of [
      { project: fx.projectId, app: fx.appId, environment: 'staging' },
      { project: other.projectId, app: other.appId, environment: 'production' },
    ]) {
      const { response } = await call(t, 'gateway.setPolicies', { ...where, policies: [] })
      expect(response.status).toBe(404)
    }
  })

  it('answers 404, never 500, when the app is deleted while policies are being set', async () => {
    const fx = await t.fixture()
    const target = { project: fx.projectId, app: fx.appId, environment: 'production' }
    const set = () => call(t, 'gateway.setPolicies', { ...target, policies: [] })
    const first = await Promise.all(Array.from({ length: 10 }, set))
    const deletion = call(t, 'apps.deleteApp', { project: fx.projectId, app: fx.appId })
    const during = await Promise.all(Array.from({ length: 20 }, set))
    expect((await deletion).response.status).toBe(202)
    for (const { response } of [...first, ...during]) expect([200, 404]).toContain(response.status)
  })
})
