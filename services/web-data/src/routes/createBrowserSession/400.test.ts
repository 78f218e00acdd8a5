import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/interact → 400', () => {
  const t = useTestService({ worker: false })

  it('rejects a ttl below 30 seconds', async () => {
    const { error, response } = await t.client.POST('/v2/interact', { body: { ttl: 5 } })
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Bad Request')
  })
})
