import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.deleteApp 412 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 412 while delete protection is on; deletes once it is turned off', async () => {
    const fx = await t.fixture()
    const app = { project: fx.projectId, app: fx.appId }
    await call(t, 'apps.updateApp', { ...app, deleteProtection: true })
    const refused = await call(t, 'apps.deleteApp', app)
    expect(refused.status).toBe(412)
    expect(refused.error.error.detail).toContain('delete protection')
    expect((await call(t, 'apps.getApp', app)).status).toBe(200)

    await call(t, 'apps.updateApp', { ...app, deleteProtection: false })
    expect((await call(t, 'apps.deleteApp', app)).status).toBe(202)
    await eventually(async () => (await call(t, 'apps.getApp', app)).status === 404)
  })
})
