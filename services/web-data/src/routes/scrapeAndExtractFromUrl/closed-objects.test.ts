// Objects the public API closes (`auditMetadata`, `redactPII`) reject unknown properties with the
// API's 400; open objects (the scrape body itself) ignore them, as the public API does.
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/scrape: unknown properties', () => {
  const t = useTestService({ kind: 'pglite', worker: false })

  it.each([
    ['auditMetadata', { auditMetadata: { username: 'ada', role: 'admin' } }, ['auditMetadata', 'role']],
    ['redactPII', { redactPII: { mode: 'fast', everything: true } }, ['redactPII', 'everything']],
  ])('answers Bad Request naming the unknown property of %s', async (_name, extra, path) => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: { url: 'https://example.org/', ...extra } as never,
    })
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Bad Request')
    expect(error?.details).toEqual([expect.objectContaining({ code: 'unrecognized_keys', path })])
  })
})
