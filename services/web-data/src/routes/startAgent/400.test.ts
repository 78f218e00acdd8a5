import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/agent → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Bad Request with details when prompt is missing or too long', async () => {
    const missing = await t.client.POST('/v2/agent', {
      body: { urls: ['https://example.org/'] } as never,
    })
    expect(missing.response.status).toBe(400)
    expect(missing.error).toMatchObject({
      success: false,
      error: 'Bad Request',
    })
    expect(missing.error?.details).toEqual([expect.objectContaining({ in: 'body', path: ['prompt'] })])
    const long = await t.client.POST('/v2/agent', {
      body: { prompt: 'x'.repeat(10_001) },
    })
    expect(long.response.status).toBe(400)
    expect(long.error?.error).toBe('Bad Request')
  })

  it('answers Bad Request for a webhook URL that is not an absolute http(s) URL', async () => {
    const { error, response } = await t.client.POST('/v2/agent', {
      body: { prompt: 'x', webhook: { url: 'file:///tmp/hook' } },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({
      success: false,
      error: 'Bad Request',
      details: [{ path: ['webhook', 'url'] }],
    })
  })

  it('answers Invalid URL for a start URL that is not http(s)', async () => {
    const { error, response } = await t.client.POST('/v2/agent', {
      body: { prompt: 'x', urls: ['file:///etc/passwd'] },
    })
    expect(response.status).toBe(400)
    expect(error).toEqual({ success: false, error: 'Invalid URL' })
    expect(await t.service.db.query('SELECT id FROM agent_runs')).toEqual([])
  })
})
