import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { mayActOn } from '../../ratelimit/limit.js'
import { namespaceFor } from '../../ratelimit/namespaces.js'
import { deleteOverride as deleteRow } from '../../ratelimit/overrides.js'

/** `ratelimit.deleteOverride`: removes an identifier's override; 404 when none is set. */
export const deleteOverride =
  (deps: Deps): ServiceHandler<'ratelimit.deleteOverride'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const ns = await namespaceFor(deps.db, caller, body.namespace, mayActOn(caller), 'delete_override')
    if (!(await deleteRow(deps.db, ns.id, body.identifier))) {
      throw notFound('ratelimit_override', `No override is set for ${body.identifier} in ${body.namespace}.`)
    }
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
