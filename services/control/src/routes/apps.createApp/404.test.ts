import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.createApp 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown project and for a project of another workspace', async () => {
    const other = await t.fixture({ workspaceId: await t.workspace() })
    for (const project of ['prj_does_not_exist', other.projectId]) {
      const answer = await call(t, 'apps.createApp', { project, name: 'X', slug: 'x-app' })
      expect(answer.status, project).toBe(404)
      expect(answer.error.error.type).toBe('https://docs.deploy-control.dev/errors/data/project_not_found')
    }
  })
})
