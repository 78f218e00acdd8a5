import type { Caller } from '../access/caller.js'
import { requirePermission } from '../access/permission.js'
import { type CursorKey, paginate, parseCursor, rowCursor } from '../domain/cursor.js'
import type { SearchPageInput } from '../repositories/search-page.js'

/** The body of a list operation with a search: `search`, `cursor`, `limit` (default 100). */
interface SearchPageBody {
  search?: string
  cursor?: string
  limit?: number
}

/**
 * `data` and `pagination` of a searchable list operation (apps, domains, identities, permissions,
 * roles): reads one more row than `limit` of `ownerId`'s rows with `list` after the request's
 * cursor, and turns the page's records into their API form with `toApi`. The caller has checked
 * its permission already.
 */
export async function searchablePage<Record extends CursorKey, Item>(
  body: SearchPageBody,
  ownerId: string,
  list: (input: SearchPageInput) => Promise<Record[]>,
  toApi: (record: Record) => Item | Promise<Item>,
) {
  const after = parseCursor(body.cursor)
  const limit = body.limit ?? 100
  const rows = await list({ ownerId, search: body.search, ...(after ? { after } : {}), limit: limit + 1 })
  const { page, pagination } = paginate(rows, limit, rowCursor)
  const data: Item[] = []
  for (const record of page) data.push(await toApi(record))
  return { data, pagination }
}

/**
 * The whole answer of a searchable list of the caller's workspace (identities, permissions,
 * roles): 403 without the operation's permission, else `{ meta, data, pagination }`.
 */
export async function workspaceList<Record extends CursorKey, Item>(
  caller: Caller,
  requestId: string,
  body: SearchPageBody,
  list: (input: SearchPageInput) => Promise<Record[]>,
  toApi: (record: Record) => Item | Promise<Item>,
) {
  requirePermission(caller)
  const page = await searchablePage(body, caller.workspaceId, list, toApi)
  return { meta: { requestId }, ...page }
}
