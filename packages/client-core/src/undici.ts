import type { Transport } from '@apiplatform/client-core'
import { Agent, type Dispatcher, request } from 'undici'

/**
 * A faster transport for Node, on undici's `request` (no WHATWG streams, keep-alive pool).
 * Requires the optional peer dependency `undici`. Elsewhere, the default `fetch` transport applies.
 * Each client re-exports it from its `/node` entry, which alone imports `undici`.
 */
export function undiciTransport(options: { dispatcher?: Dispatcher; connections?: number } = {}): Transport {
  const dispatcher = options.dispatcher ?? new Agent({ connections: options.connections ?? 128 })
  return async ({ method, url, headers, body, signal }) => {
    const res = await request(url, {
      method: method as 'POST',
      headers,
      body: body as string | undefined,
      signal,
      dispatcher,
    })
    return {
      status: res.statusCode,
      headers: {
        get: (n) => {
          const v = res.headers[n.toLowerCase()]
          return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v
        },
      },
      text: () => res.body.text(),
    }
  }
}
