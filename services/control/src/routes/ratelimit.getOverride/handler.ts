import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { mayActOn } from '../../ratelimit/limit.js'
import { namespaceFor } from '../../ratelimit/namespaces.js'
import { findOverride } from '../../ratelimit/overrides.js'

/** `ratelimit.getOverride`: the override stored for exactly this identifier. */
export const getOverride =
  (deps: Deps): ServiceHandler<'ratelimit.getOverride'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const ns = await namespaceFor(deps.db, caller, body.namespace, mayActOn(caller), 'read_override')
    const override = await findOverride(deps.db, ns.id, body.identifier)
    if (!override) {
      throw notFound('ratelimit_override', `No override is set for ${body.identifier} in ${body.namespace}.`)
    }
    return c.json({ meta: { requestId: c.get('requestId') }, data: override }, 200)
  }
