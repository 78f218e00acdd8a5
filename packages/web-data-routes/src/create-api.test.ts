import { describe, expect, it } from 'vitest'
import { createApi } from './create-api.js'
import type { Handlers } from './generated/handlers.js'

const JOB = '3c90c3cc-0d44-4b50-8888-8dd25736052a'

const handlers: Partial<Handlers> = {
  cancelAgent: (c) => {
    if (c.req.valid('param').jobId === '00000000-0000-4000-8000-000000000000')
      throw new Error('boom at /srv/x.ts:1')
    return c.json({ success: true }, 200)
  },
  scrapeAndExtractFromUrl: () => {
    throw new Error('only reached with a valid body')
  },
  parseFile: async (c) => {
    const form = c.req.valid('form')
    const text = await form.file.text()
    return c.json({ success: true, data: { markdown: text } }, 200)
  },
}

const app = createApi({ handlers, bodyLimit: 2048 })
const post = (path: string, body: BodyInit, headers: Record<string, string>) =>
  // `duplex` (needed for a stream body) is missing from the DOM RequestInit type.
  app.request(path, { method: 'POST', headers, body, duplex: 'half' } as RequestInit)

const expectError = async (res: Response, status: number, error: string) => {
  expect(res.status).toBe(status)
  const body = (await res.json()) as Record<string, unknown>
  expect(body.success).toBe(false)
  expect(body.error).toBe(error)
  expect(Object.keys(body).every((k) => ['success', 'error', 'details', 'code'].includes(k))).toBe(true)
  return body
}

describe('createApi (web-data)', () => {
  it('serves a handler with a validated path parameter', async () => {
    const res = await app.request(`/v2/agent/${JOB}`, { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })
    expect(res.headers.get('x-request-id')).toMatch(/^req_/)
  })

  it('answers an invalid path parameter with 400 Bad Request and details', async () => {
    const body = await expectError(
      await app.request('/v2/agent/not-a-uuid', { method: 'DELETE' }),
      400,
      'Bad Request',
    )
    expect(body.details).toEqual([expect.objectContaining({ in: 'path', path: ['jobId'] })])
  })

  it('answers body validation errors with details per field', async () => {
    const res = await app.request('/v2/scrape', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 42 }),
    })
    const body = await expectError(res, 400, 'Bad Request')
    expect(body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'body', path: ['url'] })]),
    )
  })

  it('answers malformed JSON with 400', async () => {
    const res = await app.request('/v2/scrape', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"url":',
    })
    await expectError(res, 400, 'Bad Request')
  })

  it('accepts multipart uploads', async () => {
    const form = new FormData()
    form.append('file', new Blob(['# hello']), 'a.md')
    const res = await app.request('/v2/parse', { method: 'POST', body: form })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ data: { markdown: '# hello' } })
  })

  it('rejects a multipart body without its file', async () => {
    const form = new FormData()
    form.append('other', 'x')
    await expectError(await app.request('/v2/parse', { method: 'POST', body: form }), 400, 'Bad Request')
  })

  it('answers unknown routes with 404 Not Found', async () => {
    await expectError(await app.request('/v2/nothing'), 404, 'Not Found')
  })

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await app.request(`/v2/agent/${JOB}`, { method: 'PUT' })
    await expectError(res, 405, 'Method Not Allowed')
    expect(res.headers.get('allow')).toBe('GET, DELETE')
  })

  it('answers oversized bodies with 413 Payload Too Large', async () => {
    const res = await app.request('/v2/scrape', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com', pad: 'x'.repeat(4096) }),
    })
    await expectError(res, 413, 'Payload Too Large')
  })

  it('answers a declared oversized upload with 413 without reading it', async () => {
    let pulled = 0
    const body = new ReadableStream({ pull: () => void pulled++ }, { highWaterMark: 0 })
    const res = await post('/v2/parse', body, {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': '2049',
    })
    expect(await expectError(res, 413, 'Payload Too Large')).toEqual({
      success: false,
      error: 'Payload Too Large',
    })
    expect(res.headers.get('x-request-id')).toMatch(/^req_/)
    expect(pulled).toBe(0)
  })

  it('answers a chunked body over the limit with 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1024))
    let sent = 0
    const body = new ReadableStream({ pull: (c) => (sent++ < 4 ? c.enqueue(chunk) : c.close()) })
    const headers = { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }
    await expectError(await post('/v2/scrape', body, headers), 413, 'Payload Too Large')
  })

  it('serves a body within the limit whose length is declared', async () => {
    const form = new FormData()
    form.append('file', new Blob(['# declared']), 'a.md')
    const encoded = new Request('http://api.test/v2/parse', { method: 'POST', body: form })
    const bytes = await encoded.arrayBuffer()
    const res = await post('/v2/parse', bytes, {
      'content-type': encoded.headers.get('content-type') ?? '',
      'content-length': String(bytes.byteLength),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ data: { markdown: '# declared' } })
  })

  it('answers thrown exceptions with 500 and no stack', async () => {
    const res = await app.request('/v2/agent/00000000-0000-4000-8000-000000000000', { method: 'DELETE' })
    const text = await res.clone().text()
    const body = await expectError(res, 500, 'Internal Server Error')
    expect(body.details).toEqual({ requestId: expect.stringMatching(/^req_/) })
    expect(text).not.toMatch(/boom|srv/)
  })

  it('answers operations without a handler with 501', async () => {
    await expectError(await app.request(`/v2/agent/${JOB}`), 501, 'Not Implemented')
  })
})
