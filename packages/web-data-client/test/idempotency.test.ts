import { faultServerPerTest, json } from '@apiplatform/client-core/testing'
import { describe, expect, it } from 'vitest'
import { createWebDataClient } from '../src/index.js'

const srv = faultServerPerTest()
const client = () =>
  createWebDataClient({ baseUrl: srv.url, apiKey: 'k', retry: { baseDelayMs: 0, jitterMs: 0 } })

describe('Idempotency-Key', () => {
  it('is sent on POST, PATCH and DELETE, the same on a retry after a 503, and not on GET', async () => {
    srv.reply(json(503, {}), json(200, { success: true, id: 'c_1' }))
    await client().crawl.start({ url: 'https://example.com' })
    const [first, retry] = srv.seen.map((r) => r.headers['idempotency-key'])
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(retry).toBe(first)
    srv.reply(json(200, { success: true }))
    await client().crawl.cancel('c_1')
    await client().monitor.update('m_1', { name: 'n' } as never)
    await client().crawl.get('c_1')
    const [cancel, update, get] = srv.seen.map((r) => r.headers['idempotency-key'])
    expect(cancel).toMatch(/^[0-9a-f-]{36}$/)
    expect(update).toMatch(/^[0-9a-f-]{36}$/)
    expect(cancel).not.toBe(update)
    expect(get).toBeUndefined()
  })

  it('is the caller’s when given', async () => {
    srv.reply(json(200, { success: true, id: 'c_1' }))
    await client().crawl.start({ url: 'https://example.com' }, { idempotencyKey: 'mine' })
    expect(srv.seen[0]?.headers['idempotency-key']).toBe('mine')
  })
})
