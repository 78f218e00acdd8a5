import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.getEnvironment 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 to a key that may read another environment only', async () => {
    const fx = await t.fixture()
    const where = { project: fx.projectId, app: fx.appId }
    const key = await t.key([`environment.${fx.previewEnvironmentId}.read_environment`])
    const denied = await call(t, 'environments.getEnvironment', { ...where, environment: 'production' }, key)
    expect(denied.status).toBe(403)
    const ok = await call(t, 'environments.getEnvironment', { ...where, environment: 'preview' }, key)
    expect(ok.status).toBe(200)
    expect(ok.data.data.id).toBe(fx.previewEnvironmentId)
  })
})
