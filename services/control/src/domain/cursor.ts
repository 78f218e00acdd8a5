import { invalidField } from './errors.js'

/**
 * Opaque pagination cursors: the sort key of the last row of a page, base64url-encoded JSON.
 * A cursor that does not decode is treated as invalid input (400) by the caller.
 */
export interface CursorKey {
  createdAt: number
  id: string
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.id])).toString('base64url')
}

export function decodeCursor(cursor: string): CursorKey | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'string') {
      return { createdAt: value[0], id: value[1] }
    }
  } catch {
    // falls through
  }
  return undefined
}

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

/** The decoded `cursor` of a list request: 400 when it is not one this service returned. */
export function parseCursor(cursor: string | undefined) {
  if (cursor === undefined) return undefined
  const after = decodeCursor(cursor)
  if (!after) {
    throw invalidField(
      'body.cursor',
      'The cursor is not one this operation returned.',
      'Pass pagination.cursor from the previous page unchanged, or omit it.',
    )
  }
  return after
}
