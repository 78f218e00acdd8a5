import type { Context, Env, MiddlewareHandler } from 'hono'
import { requestFingerprint } from './fingerprint.js'
import type { IdempotencyStore, StoredAnswer } from './store.js'

/** The request header, per the IETF draft `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
/** Set on an answer given again from the store rather than by running the request. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed'
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255

/** Why a request with a key is refused; each API answers it in its own error format. */
export type IdempotencyRefusal =
  | { status: 400; reason: 'invalid_key'; message: string }
  | { status: 409; reason: 'in_progress'; message: string }
  | { status: 422; reason: 'key_reused'; message: string }

export interface IdempotencyOptions<E extends Env> {
  store: IdempotencyStore
  /** Whether the request's operation honours the header (the operations the spec declares it on). */
  applies: (c: Context<E>) => boolean
  /**
   * Whose key it is (the caller's credential): the same key sent by two callers is two keys, and
   * one caller never gets another's answer. Undefined: the header is ignored.
   */
  scope: (c: Context<E>) => string | undefined
  /** The API's error answer (status, body) for a refused request. */
  refuse: (c: Context<E>, refusal: IdempotencyRefusal) => Response | Promise<Response>
  /**
   * Other header names that carry the same key, for clients that send it under another name (an
   * SDK's `x-idempotency-key`). Default none: only `Idempotency-Key`.
   */
  headerAliases?: readonly string[]
}

const REFUSALS = {
  invalid_key: {
    status: 400,
    reason: 'invalid_key',
    message: `The ${IDEMPOTENCY_KEY_HEADER} header must hold 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`,
  },
  in_progress: {
    status: 409,
    reason: 'in_progress',
    message: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed; send it again once it has been answered.`,
  },
  key_reused: {
    status: 422,
    reason: 'key_reused',
    message: `This ${IDEMPOTENCY_KEY_HEADER} was used for a different request (method, path or body) in the last 24 hours; use a new key for a new request.`,
  },
} as const satisfies Record<string, IdempotencyRefusal>

/**
 * A request that sends two different keys under the header's names is refused (400) rather than
 * one of them picked: which one a retry repeats is unknown, so either choice could run it twice.
 */
const conflictingKeys = (names: readonly string[]): IdempotencyRefusal => ({
  status: 400,
  reason: 'invalid_key',
  message: `The ${names.join(' and ')} headers hold different keys; send one key.`,
})

/** The distinct values a request sends under the header's names (one when it sends the key twice alike). */
const sentKeys = (c: Context, names: readonly string[]): string[] => [
  ...new Set(names.flatMap((name) => c.req.header(name) ?? [])),
]

/**
 * Statuses whose answer is stored and replayed: success and the client errors that a repeat of the
 * same request would get again. 5xx, 408 and 429 stay retryable: the next try runs anew.
 */
const storable = (status: number) =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 408 && status !== 429)

/** The headers of an answer worth giving again; request ids, dates and CORS belong to each request. */
const KEPT_HEADERS = ['content-type', 'location', 'cache-control', 'pragma', 'retry-after']

/**
 * Makes write operations safe to retry: a request with an `Idempotency-Key` reserves the key, runs,
 * and stores its answer; the same request with that key (within 24 hours, from any instance on the
 * same database) gets that answer again with `Idempotent-Replayed: true`, without running. Another
 * request with the key is refused 422; one arriving while the first still runs, 409 (with
 * `Retry-After`): it does not wait, so no request holds a connection for another's duration.
 * `headerAliases` carry the same key under other names: a key sent under one is the key sent under
 * any other.
 *
 * Runs after authentication (the key's scope is the caller) and before validation and the handler,
 * whose errors the app has already turned into answers when `next()` returns.
 */
export function idempotency<E extends Env>(options: IdempotencyOptions<E>): MiddlewareHandler<E> {
  const { store } = options
  const names = [IDEMPOTENCY_KEY_HEADER, ...(options.headerAliases ?? [])]
  const conflict = conflictingKeys(names)
  return async (c, next) => {
    const keys = sentKeys(c, names)
    const key = keys[0]
    if (key === undefined || !options.applies(c)) return next()
    if (keys.length > 1) return options.refuse(c, conflict)
    if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
      return options.refuse(c, REFUSALS.invalid_key)
    const scope = options.scope(c)
    if (scope === undefined) return next()
    // Read through hono's body cache: the input guard and validation read the same bytes after.
    const body = new Uint8Array(await c.req.arrayBuffer())
    const url = new URL(c.req.url)
    const fingerprint = requestFingerprint(c.req.method, url.pathname + url.search, body)
    const found = await store.reserve(scope, key, fingerprint)
    if (found.kind === 'mismatch') return options.refuse(c, REFUSALS.key_reused)
    if (found.kind === 'in_progress') {
      const res = await options.refuse(c, REFUSALS.in_progress)
      res.headers.set('Retry-After', '1')
      return res
    }
    if (found.kind === 'replay') return replay(c, found.answer)
    const { token } = found
    try {
      await next()
    } catch (error) {
      await store.release(scope, key, token).catch(() => {})
      throw error
    }
    const res = c.res
    try {
      if (storable(res.status)) await store.complete(scope, key, token, await answerOf(res))
      else await store.release(scope, key, token)
    } catch {
      // The answer is given all the same; the reservation is taken over after its lock time.
    }
  }
}

async function answerOf(res: Response): Promise<StoredAnswer> {
  const headers: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = res.headers.get(name)
    if (value !== null) headers[name] = value
  }
  return { status: res.status, headers, body: await res.clone().text() }
}

function replay(c: Context, answer: StoredAnswer): Response {
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value)
  c.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
  if (answer.status === 204) return c.body(null, 204)
  // biome-ignore lint/suspicious/noExplicitAny: a stored status is one this app answered before.
  return c.body(answer.body, answer.status as any)
}
