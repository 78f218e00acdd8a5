import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/agent → 401 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false, fresh: true })

  it('refuses a missing or unknown key and records nothing', async () => {
    for (const key of ['', 'wd-not-a-key']) {
      const { error, response } = await t.clientWith(key).POST('/v2/agent', { body: { prompt: 'x' } })
      expect(response.status).toBe(401)
      expect(error).toEqual({
        success: false,
        error: 'Unauthorized: Invalid token',
      })
    }
    expect(await t.service.db.query('SELECT id FROM agent_runs')).toEqual([])
  })
})
