import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('apps.getApp 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 to a key that may read apps of another project only', async () => {
    const fx = await t.fixture()
    const key = await t.key(['project.prj_other.read_app'])
    const { response } = await t
      .clientFor(key)
      .raw.POST('/v2/apps.getApp', { body: { project: fx.projectId, app: fx.appId } })
    expect(response.status).toBe(403)
    const allowed = await t.key([`project/${fx.projectId}#read_app`])
    const ok = await t
      .clientFor(allowed)
      .raw.POST('/v2/apps.getApp', { body: { project: fx.projectId, app: fx.appId } })
    expect(ok.response.status).toBe(200)
  })
})
