import { domainNotFound, domainOf } from '../../access/domain.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { deleteDomain as deleteRow } from '../../repositories/domains.js'

/** `domains.deleteDomain`: detaches the domain; queued checks of it then do nothing. */
export const deleteDomain =
  (deps: Deps): ServiceHandler<'domains.deleteDomain'> =>
  async (c) => {
    const caller = callerOf(c)
    const d = await domainOf(deps, caller, c.req.valid('json').domain)
    if (!(await deleteRow(deps.db, d.id))) throw domainNotFound(d.domain)
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
