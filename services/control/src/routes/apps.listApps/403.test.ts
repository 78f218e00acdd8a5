import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.listApps 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 to a key that may read apps of another project only', async () => {
    const fx = await t.fixture()
    const key = await t.key(['project.prj_other.read_app'])
    const denied = await call(t, 'apps.listApps', { project: fx.projectId }, key)
    expect(denied.status).toBe(403)
    expect(denied.error.error.type).toBe(
      'https://docs.deploy-control.dev/errors/authorization/insufficient_permissions',
    )
    const allowed = await t.key([`project/${fx.projectId}#read_app`])
    const ok = await call(t, 'apps.listApps', { project: fx.projectId }, allowed)
    expect(ok.status).toBe(200)
    expect(ok.data.data.map((a: { id: string }) => a.id)).toEqual([fx.appId])
  })
})
