import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/search → 401 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a missing or unknown key', async () => {
    for (const key of ['', 'wd-unknown']) {
      const { error, response } = await t.clientWith(key).POST('/v2/search', { body: { query: 'kettle' } })
      expect(response.status).toBe(401)
      expect(error).toEqual({ success: false, error: 'Unauthorized: Invalid token' })
    }
  })
})
