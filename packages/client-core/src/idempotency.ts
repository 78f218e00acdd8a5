/**
 * The `Idempotency-Key` of a write call. One key per logical call, the same on every attempt, so
 * that a service that ran the first attempt (its answer lost to a timeout or a reset connection)
 * answers a retry with that first answer instead of doing the work again.
 */

/** The header both APIs read (sent lower-case, like every header of the clients). */
export const IDEMPOTENCY_HEADER = 'idempotency-key'

/** Longest key the services accept (a longer one is answered 400). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255

/**
 * The headers of a write call with its key: the caller's own (the `idempotencyKey` option, else an
 * `Idempotency-Key` header in any case), otherwise a new random one.
 */
export function withIdempotencyKey(
  headers: Record<string, string>,
  key: string | undefined,
): Record<string, string> {
  const own = Object.keys(headers).find((h) => h.toLowerCase() === IDEMPOTENCY_HEADER)
  if (key === undefined && own !== undefined) return headers
  const rest = { ...headers }
  // One spelling only: a header given in another case must not travel twice.
  if (own !== undefined) delete rest[own]
  rest[IDEMPOTENCY_HEADER] = key ?? randomKey()
  return rest
}

/** A UUID v4 from Web Crypto, present in Node 20+, browsers, Deno and Bun. */
const randomKey = (): string => globalThis.crypto.randomUUID()
