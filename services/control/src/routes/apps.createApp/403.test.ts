import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.createApp 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without create_app on the project, 200 with it', async () => {
    const fx = await t.fixture()
    const body = { project: fx.projectId, name: 'Billing', slug: 'billing' }
    const denied = await call(t, 'apps.createApp', body, await t.key(['project.prj_other.create_app']))
    expect(denied.status).toBe(403)
    expect(denied.error.error.detail).toContain(`project.${fx.projectId}.create_app`)
    const allowed = await call(t, 'apps.createApp', body, await t.key([`project/${fx.projectId}#create_app`]))
    expect(allowed.status).toBe(200)
  })
})
