import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { yearly } from '../../monitor/testing.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/monitor/{monitorId} → 200 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('returns the monitor as created', async () => {
    const created = await t.client.POST('/v2/monitor', {
      body: yearly(['https://example.com/'], {
        webhook: { url: 'https://hooks.example.com/x', events: ['monitor.check.changed'] },
      }),
    })
    const monitorId = created.data?.data?.id as string
    const { data, response } = await t.client.GET('/v2/monitor/{monitorId}', {
      params: { path: { monitorId } },
    })
    expect(response.status).toBe(200)
    expect(data?.data).toEqual(created.data?.data)
    expect(data?.data?.webhook).toEqual({
      url: 'https://hooks.example.com/x',
      events: ['monitor.check.changed'],
    })
  })
})
