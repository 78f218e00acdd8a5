import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { analyticsKey } from '../../testing/analytics-fixtures.js'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('analytics.getVerifications 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it("needs api.*.read_analytics; the other sources' permissions do not do", async () => {
    const denied = await analyticsKey(t, 'analytics.getVerifications', {
      permissions: ['ratelimit.*.read_analytics', 'project.*.read_analytics', 'project.*.read_runtime_logs'],
    })
    const query = { query: 'SELECT 1' }
    expect((await call(t, 'analytics.getVerifications', query, denied.key)).response.status).toBe(403)
    const allowed = await analyticsKey(t, 'analytics.getVerifications')
    expect((await call(t, 'analytics.getVerifications', query, allowed.key)).response.status).toBe(200)
  })
})
