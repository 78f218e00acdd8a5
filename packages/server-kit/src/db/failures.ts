/**
 * What kind of dependency failure an error from the database layer is, so that both services
 * answer it with the same status: a database that cannot be reached is a 503 (retry later), one
 * that gave up on a statement is a 504, one that answered something we cannot use is a 502.
 * Anything else is a bug of ours (500) and is not classified here.
 */
export type DatabaseFailure = 'unavailable' | 'timeout' | 'invalid-response'

/** Node's socket error codes that mean the server could not be reached or went away. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'])

/**
 * Classifies by PostgreSQL SQLSTATE (`err.code`, set by both `pg` and PGlite), Node's socket
 * codes, and the messages of a closed pool or PGlite instance.
 */
export function classifyDatabaseFailure(err: unknown): DatabaseFailure | undefined {
  if (typeof err !== 'object' || err === null) return undefined
  if (err instanceof DatabaseStalledError) return 'unavailable'
  const code = typeof (err as { code?: unknown }).code === 'string' ? (err as { code: string }).code : ''
  const message = err instanceof Error ? err.message : ''
  // protocol_violation and data_corrupted: the server answered, but not with anything usable.
  if (code === '08P01' || code === 'XX001' || code === 'XX002') return 'invalid-response'
  // query_canceled (statement_timeout), lock_not_available (lock_timeout), idle-in-transaction timeout.
  if (code === '57014' || code === '55P03' || code === '25P03') return 'timeout'
  // connection_exception class, shutdowns, too many connections, out of resources.
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '53000'].includes(code))
    return 'unavailable'
  if (UNREACHABLE.has(code)) return 'unavailable'
  if (/PGlite is closed|Cannot use a pool after calling end|Connection terminated/i.test(message)) {
    return 'unavailable'
  }
  return undefined
}

/**
 * A database call that got no answer in time: the embedded database's worker is stalled (or
 * queued behind a statement that is). Classified as `unavailable`: the client may retry later.
 */
export class DatabaseStalledError extends Error {
  override readonly name = 'DatabaseStalledError'
}
