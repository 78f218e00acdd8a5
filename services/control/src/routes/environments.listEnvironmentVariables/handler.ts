import { environmentOf } from '../../access/environment.js'
import type { Deps } from '../../deps.js'
import { decodeCursor, encodeCursor } from '../../domain/cursor.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { listVariables, type VariableRecord } from '../../repositories/variables.js'

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * `environments.listEnvironmentVariables`: the variables ordered by key. A `recoverable`
 * variable's value is decrypted and returned; a `writeonly` one shows its key, kind and
 * description only: its value never leaves the service.
 */
export const listEnvironmentVariables =
  (deps: Deps): ServiceHandler<'environments.listEnvironmentVariables'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const { environment } = await environmentOf(deps, caller, body)
    const afterKey = decodeCursor(body.cursor, (value) =>
      typeof value === 'string' && KEY.test(value) ? value : undefined,
    )
    const limit = body.limit ?? 100
    const rows = await listVariables(deps.db, environment.id, { afterKey, limit: limit + 1 })
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    const show = (v: VariableRecord) => {
      const value = v.kind === 'recoverable' ? deps.variables?.decrypt(v.valueCiphertext) : undefined
      return {
        key: v.key,
        kind: v.kind,
        ...(value !== undefined ? { value } : {}),
        ...(v.description ? { description: v.description } : {}),
        createdAt: v.createdAt,
      }
    }
    return c.json(
      {
        meta: { requestId: c.get('requestId') },
        data: page.map(show),
        pagination:
          rows.length > limit && last
            ? { cursor: encodeCursor(last.key), hasMore: true }
            : { hasMore: false },
      },
      200,
    )
  }
