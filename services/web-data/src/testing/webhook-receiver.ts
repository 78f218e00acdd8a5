import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifyWebhookSignature } from '@apiplatform/web-data-client'

export interface ReceivedWebhook {
  headers: IncomingMessage['headers']
  body: string
  /** Whether `X-WebData-Signature` verifies with the secret (HMAC-SHA256 of `<t>.<body>`). */
  verified: boolean
  /**
   * Whether `X-Firecrawl-Signature` (the real API's `sha256=<HMAC-SHA256 of the body>`) verifies,
   * checked with the client package's `verifyWebhookSignature` as an integrator would.
   */
  verifiedBody: boolean
  payload: Record<string, unknown>
}

/**
 * A webhook receiver that verifies signatures the way the README tells integrators to. `answers`
 * are the statuses of the first deliveries (a 503 makes the sender retry); then 204 (401 for a
 * signature that does not verify).
 */
export async function startWebhookReceiver(secret: string, answers: number[] = []) {
  const received: ReceivedWebhook[] = []
  const pending = [...answers]
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const raw = Buffer.concat(chunks)
      const body = raw.toString('utf8')
      const header = String(req.headers['x-webdata-signature'] ?? '')
      const t = /t=(\d+)/.exec(header)?.[1] ?? ''
      const v1 = /v1=([0-9a-f]+)/.exec(header)?.[1] ?? ''
      const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
      const verified =
        v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected))
      const verifiedBody = await verifyWebhookSignature(raw, req.headers, secret)
      received.push({ headers: req.headers, body, verified, verifiedBody, payload: JSON.parse(body) })
      res.writeHead(pending.shift() ?? (verified && verifiedBody ? 204 : 401))
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
