import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('apps.getApp 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for unknown apps and apps of other workspaces', async () => {
    const theirs = await t.fixture({ workspaceId: await t.workspace() })
    for (const body of [
      { project: 'demo', app: 'nope' },
      { project: theirs.projectId, app: theirs.appId },
    ]) {
      expect((await t.client.raw.POST('/v2/apps.getApp', { body })).response.status).toBe(404)
    }
  })
})
