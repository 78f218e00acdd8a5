import { domainOf } from '../../access/domain.js'
import type { Deps } from '../../deps.js'
import { toApiDomain } from '../../domain/custom-domain.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'

/** `domains.getDomain`: a domain by name (or id) with its status and DNS records. */
export const getDomain =
  (deps: Deps): ServiceHandler<'domains.getDomain'> =>
  async (c) => {
    const caller = callerOf(c)
    const d = await domainOf(deps, caller, c.req.valid('json').domain)
    return c.json({ meta: { requestId: c.get('requestId') }, data: toApiDomain(d) }, 200)
  }
