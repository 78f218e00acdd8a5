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
 * roles): reads one more row than `limit` with `list` after the request's cursor, and turns the
 * page's records into their API form with `toApi`. The caller has checked its permission already.
 */
export async function searchablePage<Record extends CursorKey, Item>(
  body: SearchPageBody,
  list: (input: Omit<SearchPageInput, 'ownerId'>) => Promise<Record[]>,
  toApi: (record: Record) => Item | Promise<Item>,
) {
  const after = parseCursor(body.cursor)
  const limit = body.limit ?? 100
  const rows = await list({ search: body.search, ...(after ? { after } : {}), limit: limit + 1 })
  const { page, pagination } = paginate(rows, limit, rowCursor)
  const data: Item[] = []
  for (const record of page) data.push(await toApi(record))
  return { data, pagination }
}
