import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/agent → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false, fresh: true })

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

describe.each(testDatabaseKinds())('POST /v2/agent → 400 for text no operation can hold (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('names the field holding an unpaired surrogate or a NUL', async () => {
    for (const prompt of ['find \ud800 this', 'a\u0000b']) {
      const { error, response } = await t.client.POST('/v2/agent', { body: { prompt } })
      expect(response.status, JSON.stringify(prompt)).toBe(400)
      expect(error).toMatchObject({
        success: false,
        error: 'Bad Request',
        details: [{ in: 'body', path: ['prompt'] }],
      })
    }
  })

  it('refuses a body that is not valid UTF-8', async () => {
    const body = new Uint8Array([
      ...new TextEncoder().encode('{"prompt":"a'),
      0xff,
      ...new TextEncoder().encode('"}'),
    ])
    const response = await fetch(`${t.url}/v2/agent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.apiKey}`, 'content-type': 'application/json' },
      body,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ success: false, error: 'Bad Request' })
  })

  it('holds schema to the depth its description documents', async () => {
    const nested = (levels: number) => {
      let schema: Record<string, unknown> = {}
      for (let i = 1; i < levels; i++) schema = { properties: schema }
      return schema
    }
    const { error, response } = await t.client.POST('/v2/agent', {
      body: { prompt: 'x', schema: nested(33) },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({ details: [{ in: 'body', path: ['schema'], message: /32 levels/ }] })
  })

  it('refuses a schema nested 2,000 levels deep', async () => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 2_000; i++) schema = { type: 'object', properties: { a: schema } }
    const { error, response } = await t.client.POST('/v2/agent', { body: { prompt: 'x', schema } })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({ success: false, error: 'Bad Request', details: [{ in: 'body' }] })
    const [detail] = (error?.details ?? []) as { path: unknown[] }[]
    expect(detail?.path.slice(0, 3)).toEqual(['schema', 'properties', 'a'])
  })

  it('refuses a threadId longer than 255 characters', async () => {
    const { error, response } = await t.client.POST('/v2/agent', {
      body: { prompt: 'x', threadId: 'x'.repeat(300_000) },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({ error: 'Bad Request', details: [{ in: 'body', path: ['threadId'] }] })
  })
})
