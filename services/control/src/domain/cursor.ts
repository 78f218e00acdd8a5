/**
 * Opaque pagination cursors, one codec for every list operation: the sort key of a page's last
 * row as base64url-encoded JSON. A cursor that does not decode to the shape the operation expects
 * answers 400 on `body.cursor`.
 */
import { invalidField } from './errors.js'

/** The sort key of the lists ordered by creation time (ties broken by id). */
export interface CursorKey {
  createdAt: number
  id: string
}

export function encodeCursor(key: unknown): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

/**
 * The sort key in `cursor`, read by `shape` (undefined when it does not fit); undefined without a
 * cursor; 400 when the cursor is not one this service returned.
 */
export function decodeCursor<Key>(cursor: string | undefined, shape: (value: unknown) => Key | undefined) {
  if (cursor === undefined) return undefined
  let key: Key | undefined
  try {
    key = shape(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
  } catch {
    key = undefined
  }
  if (key === undefined) {
    throw invalidField(
      'body.cursor',
      'The cursor is not one this operation returned.',
      'Pass pagination.cursor from the previous page unchanged, or omit it.',
    )
  }
  return key
}

/** The cursor of a row of a list ordered by creation time. */
export const rowCursor = (row: CursorKey): string => encodeCursor([row.createdAt, row.id])

/** The creation-time sort key of a list request's `cursor` (see `decodeCursor`). */
export const parseCursor = (cursor: string | undefined): CursorKey | undefined =>
  decodeCursor(cursor, (value) =>
    Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'string'
      ? { createdAt: value[0], id: value[1] }
      : undefined,
  )

/**
 * One page of a list read with `limit + 1` rows: the first `limit` rows, and the `pagination` of
 * the API (the cursor of the page's last row when more rows follow).
 */
export function paginate<Row>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (row: Row) => string,
): { page: Row[]; pagination: { cursor: string; hasMore: true } | { hasMore: false } } {
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return {
    page,
    pagination:
      rows.length > limit && last !== undefined
        ? { cursor: cursorOf(last), hasMore: true }
        : { hasMore: false },
  }
}
