import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.listEnvironments 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown app, an unknown project and an app of another workspace', async () => {
    const theirs = await t.fixture({ workspaceId: await t.workspace() })
    for (const body of [
      { project: 'demo', app: 'no-such-app' },
      { project: 'prj_missing', app: 'checkout-api' },
      { project: theirs.projectId, app: theirs.appId },
    ]) {
      const answer = await call(t, 'environments.listEnvironments', body)
      expect(answer.status).toBe(404)
      expect(answer.error.error.title).toBe('Not Found')
    }
  })
})
