import { authorize } from '../../access/authorize.js'
import type { Deps } from '../../deps.js'
import { forbidden } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { namespaceForLimit, runCheck } from '../../ratelimit/limit.js'

/**
 * `ratelimit.multiLimit`: every check counts against its own limit whatever the others decide;
 * namespaces are resolved (and created, 404, 410) before anything is counted.
 */
export const multiLimit =
  (deps: Deps): ServiceHandler<'ratelimit.multiLimit'> =>
  async (c) => {
    const caller = callerOf(c)
    const checks = c.req.valid('json')
    if (!authorize(caller)) throw forbidden('The root key lacks ratelimit.*.limit.')
    const namespaces = new Map<string, Awaited<ReturnType<typeof namespaceForLimit>>>()
    for (const check of checks) {
      if (!namespaces.has(check.namespace)) {
        namespaces.set(check.namespace, await namespaceForLimit(deps, caller, check.namespace, () => true))
      }
    }
    const results = await Promise.all(
      checks.map(async (check) => {
        const ns = namespaces.get(check.namespace)
        if (!ns) throw new Error('namespace not resolved')
        const r = await runCheck(deps, ns, check)
        return {
          namespace: check.namespace,
          identifier: check.identifier,
          limit: r.limit,
          remaining: r.remaining,
          reset: r.reset,
          passed: r.success,
          ...(r.overrideId ? { overrideId: r.overrideId } : {}),
        }
      }),
    )
    return c.json(
      {
        meta: { requestId: c.get('requestId') },
        data: { passed: results.every((r) => r.passed), limits: results },
      },
      200,
    )
  }
