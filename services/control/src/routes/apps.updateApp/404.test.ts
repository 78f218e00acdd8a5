import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.updateApp 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown app or project', async () => {
    const fx = await t.fixture()
    for (const body of [
      { project: fx.projectId, app: 'app_missing' },
      { project: 'prj_missing', app: fx.appId },
    ]) {
      const answer = await call(t, 'apps.updateApp', { ...body, name: 'X' })
      expect(answer.status).toBe(404)
    }
  })

  it('answers 404, never 500, when the app is deleted while it is being updated', async () => {
    const fx = await t.fixture()
    const update = (i: number) =>
      call(t, 'apps.updateApp', { project: fx.projectId, app: fx.appId, name: `N${i}` })
    const deletion = call(t, 'apps.deleteApp', { project: fx.projectId, app: fx.appId })
    const during = await Promise.all(Array.from({ length: 20 }, (_, i) => update(i)))
    expect((await deletion).status).toBe(202)
    for (const answer of during) expect([200, 404]).toContain(answer.status)
  })
})
