import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { UNKNOWN_ID } from '../../monitor/testing.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/monitor/{monitorId}/run → 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Not Found for an unknown monitor', async () => {
    const { error, response } = await t.client.POST('/v2/monitor/{monitorId}/run', {
      params: { path: { monitorId: UNKNOWN_ID } },
    })
    expect(response.status).toBe(404)
    expect(error).toEqual({ success: false, error: 'Not Found' })
  })
})
