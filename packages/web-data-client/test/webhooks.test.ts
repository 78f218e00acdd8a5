import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from '../src/index.js'

const SECRET = 'whsec-test'
const BODY = '{"success":true,"type":"crawl.completed","id":"5f0c6f64","data":[],"metadata":{}}'
const signed = (body: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`

describe('verifyWebhookSignature', () => {
  it('accepts the signature of the raw body, from a Headers object or a plain record in any case', async () => {
    expect(WEBHOOK_SIGNATURE_HEADER).toBe('X-Firecrawl-Signature')
    const signature = signed(BODY)
    expect(
      await verifyWebhookSignature(BODY, new Headers({ 'X-Firecrawl-Signature': signature }), SECRET),
    ).toBe(true)
    // Node's IncomingMessage headers: lower-case keys.
    expect(await verifyWebhookSignature(BODY, { 'x-firecrawl-signature': signature }, SECRET)).toBe(true)
    expect(await verifyWebhookSignature(BODY, { 'X-FIRECRAWL-SIGNATURE': [signature] }, SECRET)).toBe(true)
    expect(
      await verifyWebhookSignature(
        new TextEncoder().encode(BODY),
        { 'x-firecrawl-signature': signature },
        SECRET,
      ),
    ).toBe(true)
    expect(
      await verifyWebhookSignature(
        new TextEncoder().encode(BODY).buffer,
        { 'x-firecrawl-signature': signature },
        SECRET,
      ),
    ).toBe(true)
    expect(
      await verifyWebhookSignature(
        BODY,
        { 'x-firecrawl-signature': signature.toUpperCase().replace('SHA256', 'sha256') },
        SECRET,
      ),
    ).toBe(true)
  })

  it('refuses another body, another secret, a malformed or missing header', async () => {
    const headers = { 'x-firecrawl-signature': signed(BODY) }
    expect(await verifyWebhookSignature(`${BODY} `, headers, SECRET)).toBe(false)
    // The body as parsed and stringified again is not the body that was signed.
    expect(await verifyWebhookSignature(JSON.stringify(JSON.parse(BODY), null, 1), headers, SECRET)).toBe(
      false,
    )
    expect(await verifyWebhookSignature(BODY, headers, 'another-secret')).toBe(false)
    expect(await verifyWebhookSignature(BODY, headers, '')).toBe(false)
    expect(
      await verifyWebhookSignature(BODY, { 'x-firecrawl-signature': signed(BODY).slice(7) }, SECRET),
    ).toBe(false)
    expect(await verifyWebhookSignature(BODY, { 'x-firecrawl-signature': `${signed(BODY)}00` }, SECRET)).toBe(
      false,
    )
    expect(await verifyWebhookSignature(BODY, { 'x-firecrawl-signature': 'sha256=zz' }, SECRET)).toBe(false)
    expect(await verifyWebhookSignature(BODY, {}, SECRET)).toBe(false)
    expect(await verifyWebhookSignature(BODY, new Headers(), SECRET)).toBe(false)
  })
})
