import type { Context } from 'hono'
import { requirePermission } from '../access/permission.js'
import { type CursorKey, encodeCursor, paginate, parseCursor } from '../domain/cursor.js'
import type { ServiceEnv } from '../http/env.js'
import type { SearchPageInput } from '../repositories/search-page.js'

/** The body of a list operation with a search: `search`, `cursor`, `limit` (default 100). */
interface SearchPageBody {
  search?: string
  cursor?: string
  limit?: number
}

/**
 * `data` and `pagination` of a searchable list operation (identities, permissions, roles): checks
 * the caller's permission, reads one more row than `limit` of the caller's workspace with `list`,
 * and turns the page's records into their API form with `toApi`.
 */
export async function searchablePage<Record extends CursorKey, Item>(
  c: Context<ServiceEnv>,
  body: SearchPageBody,
  list: (input: SearchPageInput) => Promise<Record[]>,
  toApi: (record: Record) => Item | Promise<Item>,
) {
  requirePermission(c)
  const after = parseCursor(body.cursor)
  const limit = body.limit ?? 100
  const rows = await list({
    workspaceId: c.get('caller').workspaceId,
    search: body.search,
    ...(after ? { after } : {}),
    limit: limit + 1,
  })
  const { page, pagination } = paginate(rows, limit, encodeCursor)
  const data: Item[] = []
  for (const record of page) data.push(await toApi(record))
  return { data, pagination }
}
