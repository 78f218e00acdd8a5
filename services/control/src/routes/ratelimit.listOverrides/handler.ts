import type { Deps } from '../../deps.js'
import { decodeCursor, encodeCursor, paginate } from '../../domain/cursor.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { mayActOn } from '../../ratelimit/limit.js'
import { namespaceFor } from '../../ratelimit/namespaces.js'
import { listOverrides as listRows } from '../../ratelimit/overrides.js'

/** `ratelimit.listOverrides`: a namespace's overrides in a stable order, with an opaque cursor. */
export const listOverrides =
  (deps: Deps): ServiceHandler<'ratelimit.listOverrides'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const after = decodeCursor(body.cursor, (value) => {
      const id = (value as { id?: unknown } | null)?.id
      return typeof id === 'string' ? id : undefined
    })
    const ns = await namespaceFor(deps.db, caller, body.namespace, mayActOn(caller), 'read_override')
    const limit = body.limit ?? 10
    const rows = await listRows(deps.db, ns.id, after, limit + 1)
    const { page, pagination } = paginate(rows, limit, (row) => encodeCursor({ id: row.overrideId }))
    return c.json(
      {
        meta: { requestId: c.get('requestId') },
        data: page,
        pagination,
      },
      200,
    )
  }
