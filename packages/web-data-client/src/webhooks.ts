/** The header a webhook delivery is signed in: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Firecrawl-Signature'

/** Request headers as a server framework hands them over: a `Headers` or a plain record. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>

/**
 * Whether a webhook delivery was signed with `secret`: the `X-Firecrawl-Signature` header must be
 * `sha256=` and the hex HMAC-SHA256 of `rawBody`, the body exactly as received (before any JSON
 * parsing, which would change its bytes). Compared in constant time by Web Crypto's `verify`, so
 * the answer's timing tells nothing about the expected signature. Works wherever Web Crypto is
 * (Node ≥ 20, browsers, Deno, Bun, workers).
 *
 * ```ts
 * const body = await request.text()
 * if (!(await verifyWebhookSignature(body, request.headers, process.env.WEBHOOK_SECRET))) {
 *   return new Response('bad signature', { status: 401 })
 * }
 * const event = JSON.parse(body)
 * ```
 */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string,
): Promise<boolean> {
  const header = headerValue(headers, WEBHOOK_SIGNATURE_HEADER)
  const hex = /^sha256=([0-9a-fA-F]{64})$/.exec(header?.trim() ?? '')?.[1]
  if (!hex || !secret) return false
  const key = await crypto.subtle.importKey(
    'raw',
    bytesOf(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  )
  return crypto.subtle.verify('HMAC', key, fromHex(hex), bytesOf(rawBody))
}

/** A header of either kind of headers, by case-insensitive name; the first of a repeated one. */
function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(
    headers as Record<string, string | readonly string[] | undefined>,
  )) {
    if (key.toLowerCase() !== wanted) continue
    return typeof value === 'string' ? value : value?.[0]
  }
  return undefined
}

/** The bytes of the body, copied onto an ArrayBuffer of their own (Web Crypto takes no shared buffer). */
function bytesOf(rawBody: string | Uint8Array | ArrayBuffer): Uint8Array<ArrayBuffer> {
  const view = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : new Uint8Array(rawBody)
  const bytes = new Uint8Array(view.byteLength)
  bytes.set(view)
  return bytes
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}
