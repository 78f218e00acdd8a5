import { faultServerPerTest, json } from '@apiplatform/client-core/testing'
import { describe, expect, it } from 'vitest'
import { createControlClient } from '../src/index.js'

const srv = faultServerPerTest()
const ok = json(200, { meta: { requestId: 'req_1' }, data: {} })
const client = () =>
  createControlClient({ baseUrl: srv.url, rootKey: 'root_abc', retry: { baseDelayMs: 0, jitterMs: 0 } })

describe('Idempotency-Key', () => {
  it('is sent on writes, the same on a retry after a 503, and not on reads', async () => {
    srv.reply(json(503, {}), ok)
    await client().keys.createKey({ apiId: 'api_1' })
    const [first, retry] = srv.seen.map((r) => r.headers['idempotency-key'])
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(retry).toBe(first)
    srv.reply(ok)
    await client().keys.getKey({ keyId: 'key_1' })
    await client().keys.whoami({ key: 'k' })
    await client().liveness()
    await client().apis.listKeys({ apiId: 'api_1' })
    expect(srv.seen.map((r) => r.headers['idempotency-key'])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })

  it('is the caller’s when given', async () => {
    srv.reply(ok)
    await client().keys.verifyKey({ key: 'k' }, { idempotencyKey: 'mine' })
    expect(srv.seen[0]?.headers['idempotency-key']).toBe('mine')
  })
})
