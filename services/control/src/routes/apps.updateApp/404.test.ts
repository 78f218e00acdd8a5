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
})
