import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { analyticsKey, SOURCES } from '../../testing/analytics-fixtures.js'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('analytics.getRuntimeLogs 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it("needs the read permission of its own source; another source's does not do", async () => {
    const others = Object.entries(SOURCES)
      .filter(([operation]) => operation !== 'analytics.getRuntimeLogs')
      .map(([, source]) => source.permission)
    const denied = await analyticsKey(t, 'analytics.getRuntimeLogs', { permissions: others })
    const { response, error } = await call(t, 'analytics.getRuntimeLogs', { query: 'SELECT 1' }, denied.key)
    expect(response.status).toBe(403)
    expect(error?.error.type).toBe(
      'https://docs.deploy-control.dev/errors/authorization/insufficient_permissions',
    )
    const allowed = await analyticsKey(t, 'analytics.getRuntimeLogs')
    expect(
      (await call(t, 'analytics.getRuntimeLogs', { query: 'SELECT 1' }, allowed.key)).response.status,
    ).toBe(200)
  })
})
