import type { OperationId } from '@apiplatform/control-routes'
import type { MiddlewareHandler } from 'hono'
import { type ServiceCaches, staleAfter } from '../caches.js'
import type { ServiceEnv } from './env.js'

/**
 * Wraps the auth middleware so that every write operation invalidates the caches it can make
 * stale, both before it runs and after it answered: a read that started before the write
 * committed cannot put its result back (TtlCache generations).
 */
export function invalidatingWrites(
  caches: ServiceCaches,
  inner: MiddlewareHandler<ServiceEnv>,
): MiddlewareHandler<ServiceEnv> {
  const memo = new Map<OperationId, Array<keyof ServiceCaches>>()
  return async (c, next) => {
    const id = c.get('operationId')
    let stale = memo.get(id)
    if (!stale) {
      stale = staleAfter(id)
      memo.set(id, stale)
    }
    if (stale.length === 0) return inner(c, next)
    for (const name of stale) caches[name].invalidate()
    try {
      return await inner(c, next)
    } finally {
      for (const name of stale) caches[name].invalidate()
    }
  }
}
