import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { insertGatewayRequests } from '../../testing/analytics-rows.js'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('analytics.getGatewayRequests 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it("runs the documented example query over the workspace's own requests only", async () => {
    const ws = await t.workspace()
    const key = await t.key(['project.*.read_analytics'], { workspaceId: ws })
    const now = Date.now()
    await insertGatewayRequests(t.service.db, ws, [
      { path: '/v1/cart', status: 502, at: now - 1000 },
      { path: '/v1/cart', status: 503, at: now - 2000 },
      { path: '/v1/pay', status: 500, at: now - 3000 },
      { path: '/v1/pay', status: 200, at: now - 4000 },
      { path: '/v1/old', status: 500, at: now - 3 * 86_400_000 },
    ])
    await insertGatewayRequests(t.service.db, await t.workspace(), [
      { path: '/secret', status: 500, at: now },
    ])
    const { response, data } = await call(
      t,
      'analytics.getGatewayRequests',
      {
        query:
          'SELECT path, count() AS errors FROM gateway_requests WHERE status >= 500 AND time > now() - INTERVAL 1 DAY GROUP BY path ORDER BY errors DESC LIMIT 5',
      },
      key,
    )
    expect(response.status).toBe(200)
    expect(data?.data).toEqual([
      { path: '/v1/cart', errors: 2 },
      { path: '/v1/pay', errors: 1 },
    ])
  })
})
