import type { Deps } from '../../deps.js'
import { paginate } from '../../domain/cursor.js'
import { invalidInput } from '../../domain/errors.js'
import type { ServiceHandler } from '../../http/env.js'
import { mayActOn } from '../../ratelimit/limit.js'
import { namespaceFor } from '../../ratelimit/namespaces.js'
import {
  decodeOverrideCursor,
  encodeOverrideCursor,
  listOverrides as listRows,
} from '../../ratelimit/overrides.js'

/** `ratelimit.listOverrides`: a namespace's overrides in a stable order, with an opaque cursor. */
export const listOverrides =
  (deps: Deps): ServiceHandler<'ratelimit.listOverrides'> =>
  async (c) => {
    const body = c.req.valid('json')
    let after: string | undefined
    if (body.cursor !== undefined) {
      after = decodeOverrideCursor(body.cursor)
      if (after === undefined) {
        throw invalidInput('The cursor is not one this operation returned.', {
          location: 'body.cursor',
          message: 'Unknown cursor',
          fix: 'Pass pagination.cursor from the previous page unchanged, or omit it.',
        })
      }
    }
    const ns = await namespaceFor(deps.db, c.get('caller'), body.namespace, mayActOn(c), 'read_override')
    const limit = body.limit ?? 10
    const rows = await listRows(deps.db, ns.id, after, limit + 1)
    const { page, pagination } = paginate(rows, limit, (row) => encodeOverrideCursor(row.overrideId))
    return c.json(
      {
        meta: { requestId: c.get('requestId') },
        data: page,
        pagination,
      },
      200,
    )
  }
