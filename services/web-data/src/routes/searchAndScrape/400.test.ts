import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/search → 400 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses a missing or too long query and an out-of-range limit', async () => {
    for (const body of [
      {},
      { query: 'x'.repeat(501) },
      { query: 'kettle', limit: 101 },
      { query: 'k', sources: ['video'] },
    ]) {
      const { error, response } = await t.client.POST('/v2/search', { body: body as never })
      expect(response.status).toBe(400)
      expect(error?.error).toBe('Bad Request')
      expect(error?.details).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'body' })]))
    }
  })
})
