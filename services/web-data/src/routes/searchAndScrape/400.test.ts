import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/search → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

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
