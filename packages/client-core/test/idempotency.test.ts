import { describe, expect, it } from 'vitest'
import { clientSetup, IDEMPOTENCY_HEADER, send } from '../src/index.js'
import { faultServerPerTest, json } from '../src/testing.js'
import { testKind } from './kind.js'

const srv = faultServerPerTest()

const kind = testKind()
// No waits between attempts: the test checks what each attempt carries, not the backoff.
const [cfg] = clientSetup({ apiKey: 'k', retry: { baseDelayMs: 0, jitterMs: 0 } } as never, kind)
const write = (o?: Parameters<typeof send>[4]) =>
  send(cfg, 'POST', `${srv.url}/v2/things`, '{"a":1}', o, true)
const keys = () => srv.seen.map((r) => r.headers[IDEMPOTENCY_HEADER])

describe('Idempotency-Key', () => {
  it('is the same on every attempt of a write retried after a 503', async () => {
    srv.reply(json(503, {}), json(201, { id: 't_1' }))
    await expect(write()).resolves.toMatchObject({ status: 201 })
    expect(srv.seen).toHaveLength(2)
    const [first, second] = keys()
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(second).toBe(first)
  })

  it('differs between two logical calls', async () => {
    srv.reply(json(201, {}))
    await write()
    await write()
    const [first, second] = keys()
    expect(first).toBeTruthy()
    expect(second).toBeTruthy()
    expect(second).not.toBe(first)
  })

  it('is the caller’s when given as an option, on every attempt', async () => {
    srv.reply(json(503, {}), json(201, {}))
    await write({ idempotencyKey: 'order-42' })
    expect(keys()).toEqual(['order-42', 'order-42'])
  })

  it('is the caller’s when given as a header in any case, sent once', async () => {
    srv.reply(json(201, {}))
    await write({ headers: { 'Idempotency-Key': 'order-43' } })
    expect(keys()).toEqual(['order-43'])
    expect(srv.seen[0]?.headers[IDEMPOTENCY_HEADER]).toBe('order-43')
  })

  it('is not sent on a read', async () => {
    srv.reply(json(200, {}))
    await send(cfg, 'GET', `${srv.url}/v2/things/1`, undefined, undefined)
    expect(keys()).toEqual([undefined])
  })
})
