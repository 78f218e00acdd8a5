import { idempotentWrites as keyed } from '@apiplatform/control-routes'
import {
  type Database,
  type IdempotencyRefusal,
  IdempotencyStore,
  idempotency,
} from '@apiplatform/server-kit'
import type { MiddlewareHandler } from 'hono'
import { ApiError, invalidField } from '../domain/errors.js'
import type { ServiceEnv } from './env.js'
import { errorResponse } from './problems.js'

/** The documented `error.type` of each refusal (under `https://docs.deploy-control.dev/errors/`). */
const TYPES: Record<Exclude<IdempotencyRefusal['reason'], 'invalid_key'>, string> = {
  in_progress: 'request/idempotency_key_in_use',
  key_reused: 'request/idempotency_key_reused',
}

/**
 * Server-kit's idempotency keys on the operations whose spec declares `Idempotency-Key` (every
 * write; generated into the routes package), per credential: the same key from two root keys is two keys, so no key's answer (a
 * created key's secret) reaches another credential. Runs after authentication.
 */
export function idempotentWrites(db: Database): MiddlewareHandler<ServiceEnv> {
  return idempotency<ServiceEnv>({
    store: new IdempotencyStore(db),
    applies: (c) => (keyed as ReadonlySet<string>).has(c.get('operationId')),
    scope: (c) => {
      const caller = c.get('caller') as ServiceEnv['Variables']['caller'] | undefined
      return caller ? `${caller.workspaceId}/${caller.keyId}` : undefined
    },
    refuse: (c, r) =>
      errorResponse(
        c,
        r.reason === 'invalid_key'
          ? invalidField('header.Idempotency-Key', r.message)
          : new ApiError(r.status, TYPES[r.reason], r.message),
      ),
  })
}
