import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { mayActOn } from '../../ratelimit/limit.js'
import { namespaceFor } from '../../ratelimit/namespaces.js'
import { upsertOverride } from '../../ratelimit/overrides.js'

/** `ratelimit.setOverride`: stores (or replaces) an identifier's limit; each `*` in it matches any run of characters. */
export const setOverride =
  (deps: Deps): ServiceHandler<'ratelimit.setOverride'> =>
  async (c) => {
    const body = c.req.valid('json')
    const caller = callerOf(c)
    const ns = await namespaceFor(deps.db, caller, body.namespace, mayActOn(caller), 'set_override')
    const overrideId = await upsertOverride(deps.db, {
      workspaceId: caller.workspaceId,
      namespaceId: ns.id,
      identifier: body.identifier,
      limit: body.limit,
      duration: body.duration,
      now: deps.now(),
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: { overrideId } }, 200)
  }
