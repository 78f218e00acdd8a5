import { environmentOf } from '../../access/environment.js'
import type { Deps } from '../../deps.js'
import { toApiDomain } from '../../domain/custom-domain.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { searchablePage } from '../../pagination/search-page.js'
import { listDomains as listRows } from '../../repositories/domains.js'

/** `domains.listDomains`: the domains of an environment, oldest first, paginated, searchable. */
export const listDomains =
  (deps: Deps): ServiceHandler<'domains.listDomains'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const { environment } = await environmentOf(deps, caller, body)
    const { data, pagination } = await searchablePage(
      body,
      environment.id,
      (input) => listRows(deps.db, input),
      toApiDomain,
    )
    return c.json({ meta: { requestId: c.get('requestId') }, data, pagination }, 200)
  }
