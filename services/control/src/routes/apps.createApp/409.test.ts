import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.createApp 409 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 409 when the slug is taken in the project, even by concurrent requests', async () => {
    const fx = await t.fixture()
    const taken = await call(t, 'apps.createApp', { project: fx.projectId, name: 'Dup', slug: fx.appSlug })
    expect(taken.status).toBe(409)
    expect(taken.error.error.status).toBe(409)

    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        call(t, 'apps.createApp', { project: fx.projectId, name: 'Race', slug: 'race-app' }),
      ),
    )
    expect(racing.map((a) => a.status).sort()).toEqual([200, 409, 409])
  })
})
