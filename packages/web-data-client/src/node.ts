import type { Transport } from '@apiplatform/client-core'
import { undiciTransport as transport } from '@apiplatform/client-core/undici'
import type { Dispatcher } from 'undici'

/**
 * A faster transport for Node, on undici's `request` (no WHATWG streams, keep-alive pool).
 * Requires the optional peer dependency `undici`. Elsewhere, the default `fetch` transport applies.
 *
 * ```ts
 * import { undiciTransport } from '@apiplatform/web-data-client/node'
 * const client = createWebDataClient({ apiKey, transport: undiciTransport() })
 * ```
 */
export function undiciTransport(options: { dispatcher?: Dispatcher; connections?: number } = {}): Transport {
  return transport(options)
}
