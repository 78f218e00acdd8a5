import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.deleteApp 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without delete_app on the project and records nothing', async () => {
    const fx = await t.fixture()
    const key = await t.key(['project.*.update_app'])
    const answer = await call(t, 'apps.deleteApp', { project: fx.projectId, app: fx.appId }, key)
    expect(answer.status).toBe(403)
    const [app] = await t.service.db.query<{ deletion_requested_at: unknown }>(
      'SELECT deletion_requested_at FROM apps WHERE id = $1',
      [fx.appId],
    )
    expect(app?.deletion_requested_at).toBeNull()
  })
})
