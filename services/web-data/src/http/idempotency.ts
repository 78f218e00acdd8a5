import {
  type Database,
  type IdempotencyRefusal,
  IdempotencyStore,
  idempotency,
} from '@apiplatform/server-kit'
import { idempotentWrites as keyed } from '@apiplatform/web-data-routes'
import type { MiddlewareHandler } from 'hono'
import { ApiError, Errors } from '../errors.js'
import type { ServiceEnv } from './env.js'

/** Each refusal as the API's `{success: false, error, code, details}`. */
const ERRORS: Record<IdempotencyRefusal['reason'], { error: string; code: string }> = {
  invalid_key: { error: Errors.badRequest, code: 'INVALID_IDEMPOTENCY_KEY' },
  in_progress: { error: Errors.conflict, code: 'IDEMPOTENCY_KEY_IN_USE' },
  key_reused: { error: Errors.unprocessable, code: 'IDEMPOTENCY_KEY_REUSED' },
}

/**
 * The name the real API's SDKs send the key under (`batchScrape({ idempotencyKey })`), declared
 * beside `Idempotency-Key` in the spec: without it an SDK's retry would start a second job.
 */
const SDK_HEADER = 'x-idempotency-key'

/**
 * Server-kit's idempotency keys on the operations whose spec declares `Idempotency-Key` (every
 * POST, PATCH and DELETE; generated into the routes package), per API key of a team: one key's answer never reaches another key.
 * The same key is taken under `x-idempotency-key`; the two headers holding different keys answer
 * 400 `INVALID_IDEMPOTENCY_KEY`.
 * Runs after authentication and before metering, so a replayed answer is not charged or counted
 * again (and a 429 of the limits is never stored: it stays retryable).
 */
export function idempotentWrites(db: Database): MiddlewareHandler<ServiceEnv> {
  return idempotency<ServiceEnv>({
    store: new IdempotencyStore(db),
    headerAliases: [SDK_HEADER],
    applies: (c) => (keyed as ReadonlySet<string>).has(c.get('operationId')),
    scope: (c) => {
      const principal = c.get('principal')
      return principal ? `${principal.teamId}/${principal.keyId}` : undefined
    },
    refuse: (c, r) => {
      const e = new ApiError(r.status, ERRORS[r.reason].error, {
        code: ERRORS[r.reason].code,
        details: { reason: r.message },
      })
      return c.json(e.body(), e.status)
    },
  })
}
