import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { insertRuntimeLogs } from '../../testing/analytics-rows.js'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('analytics.getRuntimeLogs 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('runs the documented example query over the workspace own logs only', async () => {
    const ws = await t.workspace()
    const key = await t.key(['project.*.read_runtime_logs'], { workspaceId: ws })
    const c = t.clientFor(key)
    const query =
      "SELECT time, message FROM runtime_logs WHERE deployment_id = 'd_7fPm3qR9xV2wLk' AND level = 'error' ORDER BY time DESC LIMIT 50"
    const t0 = Date.UTC(2026, 0, 1)
    await insertRuntimeLogs(t.service.db, ws, 'd_7fPm3qR9xV2wLk', [
      { level: 'info', message: 'started', at: t0 },
      { level: 'error', message: 'payment provider timeout after 10000ms', at: t0 + 1000 },
      { level: 'error', message: 'second failure', at: t0 + 2000 },
    ])
    await insertRuntimeLogs(t.service.db, await t.workspace(), 'd_7fPm3qR9xV2wLk', [
      { level: 'error', message: 'other workspace', at: t0 + 3000 },
    ])
    const { data, response } = await c.raw.POST('/v2/analytics.getRuntimeLogs', { body: { query } })
    expect(response.status).toBe(200)
    expect(data?.data.map((r) => (r as { message: string }).message)).toEqual([
      'second failure',
      'payment provider timeout after 10000ms',
    ])
  })
})
