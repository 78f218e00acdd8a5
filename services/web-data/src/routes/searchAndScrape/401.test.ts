import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/search → 401 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses a missing or unknown key', async () => {
    for (const key of ['', 'wd-unknown']) {
      const { error, response } = await t.clientWith(key).POST('/v2/search', { body: { query: 'kettle' } })
      expect(response.status).toBe(401)
      expect(error).toEqual({ success: false, error: 'Unauthorized: Invalid token' })
    }
  })
})
