import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.deleteApp 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown app and for an app of another workspace', async () => {
    const other = await t.fixture({ workspaceId: await t.workspace() })
    for (const body of [
      { project: 'demo', app: 'app_missing' },
      { project: other.projectId, app: other.appId },
    ]) {
      expect((await call(t, 'apps.deleteApp', body)).status).toBe(404)
    }
  })
})
