import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.updateApp 409 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 409 when the new slug belongs to another app of the project', async () => {
    const fx = await t.fixture()
    await call(t, 'apps.createApp', { project: fx.projectId, name: 'Other', slug: 'other-app' })
    const answer = await call(t, 'apps.updateApp', {
      project: fx.projectId,
      app: fx.appId,
      slug: 'other-app',
    })
    expect(answer.status).toBe(409)
    // Keeping its own slug is not a conflict.
    const same = await call(t, 'apps.updateApp', { project: fx.projectId, app: fx.appId, slug: fx.appSlug })
    expect(same.status).toBe(200)
  })
})
