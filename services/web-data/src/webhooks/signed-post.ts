import { createHmac, randomUUID } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { assertHostAllowed, guardedLookup, isPrivateAddress } from '../net/guard.js'

/**
 * The signature receivers of the real API verify: `sha256=<hex HMAC-SHA256 of the raw body>`
 * (what the official SDKs' webhook helpers check).
 */
export const BODY_SIGNATURE_HEADER = 'X-Firecrawl-Signature'

/** The timestamped signature, kept for receivers written against it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'X-WebData-Signature'

/** The value of `X-Firecrawl-Signature` for `body`. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/** Signs a webhook body with a timestamp (`X-WebData-Signature`). */
export function signPayload(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${mac}`
}

export interface Delivery {
  status: 'delivered' | 'failed'
  statusCode: number | null
  attempts: number
  deliveryId: string
  error?: string
  deliveredAt?: string
}

/**
 * POSTs a signed JSON body to a webhook URL through the private-address guard (the same guard as
 * every scrape), retrying twice with a short backoff on network errors and 5xx answers.
 */
export async function deliverWebhook(options: SignedPost): Promise<Delivery> {
  const deliveryId = randomUUID()
  let lastError = ''
  let statusCode: number | null = null
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      statusCode = await postSigned(options, deliveryId)
      if (statusCode < 300) {
        return {
          status: 'delivered',
          statusCode,
          attempts: attempt,
          deliveryId,
          deliveredAt: new Date().toISOString(),
        }
      }
      lastError = `the receiver answered HTTP ${statusCode}`
      if (statusCode < 500) break
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error)
    }
    if (attempt < 3) await new Promise((r) => setTimeout(r, 200 * 4 ** (attempt - 1)))
  }
  return { status: 'failed', statusCode, attempts: 3, deliveryId, error: lastError }
}

export interface SignedPost {
  url: string
  headers?: Record<string, string>
  payload: unknown
  secret: string
  allowPrivateUrls: boolean
  event: string
  timeoutMs?: number
}

/**
 * One signed POST (the caller decides about retries): resolves with the receiver's status code,
 * rejects on a refused address, a network error or a timeout. The signature is made at sending
 * time, so a retried delivery carries a fresh timestamp.
 */
export async function postSigned(options: SignedPost, deliveryId: string): Promise<number> {
  const body = JSON.stringify(options.payload)
  const timestamp = Math.floor(Date.now() / 1000)
  return post(
    options.url,
    body,
    {
      ...options.headers,
      'content-type': 'application/json',
      'x-webdata-event': options.event,
      'x-webdata-delivery': deliveryId,
      [BODY_SIGNATURE_HEADER.toLowerCase()]: signBody(options.secret, body),
      [SIGNATURE_HEADER.toLowerCase()]: signPayload(options.secret, timestamp, body),
    },
    options.allowPrivateUrls,
    options.timeoutMs ?? 10_000,
  )
}

function post(
  target: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<number> {
  const url = new URL(target)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new Error('unsupported scheme'))
  const isBlocked = allowPrivate ? () => false : isPrivateAddress
  assertHostAllowed(url.hostname, isBlocked)
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(isBlocked),
        signal: AbortSignal.timeout(timeoutMs),
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}
