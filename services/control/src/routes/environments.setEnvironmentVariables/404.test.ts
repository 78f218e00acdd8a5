import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

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
})
