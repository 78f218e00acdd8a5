import { environmentOf } from '../../access/environment.js'
import type { Deps } from '../../deps.js'
import { decodeCursor, encodeCursor } from '../../domain/cursor.js'
import { toApiDomain } from '../../domain/custom-domain.js'
import { invalidInput } from '../../domain/errors.js'
import type { ServiceHandler } from '../../http/env.js'
import { listDomains as listRows } from '../../repositories/domains.js'

/** `domains.listDomains`: the domains of an environment, oldest first, paginated, searchable. */
export const listDomains =
  (deps: Deps): ServiceHandler<'domains.listDomains'> =>
  async (c) => {
    const body = c.req.valid('json')
    const { environment } = await environmentOf(deps, c, body)
    const after = body.cursor === undefined ? undefined : decodeCursor(body.cursor)
    if (body.cursor !== undefined && !after) {
      throw invalidInput('The cursor is not one this operation returned.', {
        location: 'body.cursor',
        message: 'Unknown cursor',
      })
    }
    const limit = body.limit ?? 100
    const rows = await listRows(deps.db, {
      environmentId: environment.id,
      search: body.search,
      after,
      limit: limit + 1,
    })
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    return c.json(
      {
        meta: { requestId: c.get('requestId') },
        data: page.map(toApiDomain),
        pagination:
          rows.length > limit && last ? { cursor: encodeCursor(last), hasMore: true } : { hasMore: false },
      },
      200,
    )
  }
