import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.listEnvironmentVariables 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an environment of another workspace', async () => {
    const other = await t.fixture({ workspaceId: await t.workspace() })
    const answer = await call(t, 'environments.listEnvironmentVariables', {
      project: other.projectId,
      app: other.appId,
      environment: other.productionEnvironmentId,
    })
    expect(answer.status).toBe(404)
  })
})
