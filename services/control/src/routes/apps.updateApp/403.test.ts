import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.updateApp 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without update_app on the project and changes nothing', async () => {
    const fx = await t.fixture()
    const key = await t.key([`project.${fx.projectId}.read_app`])
    const answer = await call(
      t,
      'apps.updateApp',
      { project: fx.projectId, app: fx.appId, name: 'Nope' },
      key,
    )
    expect(answer.status).toBe(403)
    expect((await t.client.apps.getApp({ project: fx.projectId, app: fx.appId })).name).toBe('Fixture app')
  })
})
