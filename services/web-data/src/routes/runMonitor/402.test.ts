import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { yearly } from '../../monitor/testing.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/monitor/{monitorId}/run → 402 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a run the team cannot pay for, and queues nothing', async () => {
    const team = await t.newTeam(1)
    const client = t.clientWith(team.key)
    const created = await client.POST('/v2/monitor', {
      body: yearly(['https://example.com/1', 'https://example.com/2']),
    })
    const monitorId = created.data?.data?.id as string
    const { error, response } = await client.POST('/v2/monitor/{monitorId}/run', {
      params: { path: { monitorId } },
    })
    expect(response.status).toBe(402)
    expect(error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
    const checks = await client.GET('/v2/monitor/{monitorId}/checks', { params: { path: { monitorId } } })
    expect(checks.data?.data).toEqual([])
  })
})
