import { randomUUID } from 'node:crypto'
import type { Database, Sql } from '../db/database.js'
import { IDEMPOTENCY_SCHEMA } from './schema.sql.js'

/** How long a key is remembered: the window in which a retry gets the first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/**
 * How long a reservation holds without an answer. A process that died mid-request leaves its
 * reservation behind; after this, a retry with the same request takes it over and runs it.
 */
export const IDEMPOTENCY_LOCK_MS = 5 * 60 * 1000

/** A first answer, as replayed. */
export interface StoredAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** What a request with a key finds. */
export type Reservation =
  /** Nobody holds the key (or its holder is gone): run the request, then `complete` or `release`. */
  | { kind: 'reserved'; token: string }
  /** The same request was answered: give that answer again. */
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key was used for another request. */
  | { kind: 'mismatch' }
  /** The same request is running right now. */
  | { kind: 'in_progress' }

export interface IdempotencyStoreOptions {
  ttlMs?: number
  lockMs?: number
}

/** Creates the keys table; safe to call from every process. */
export async function installIdempotency(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Two processes starting on one empty PostgreSQL must not race on CREATE TABLE IF NOT EXISTS.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [7_100_7202])
    for (const statement of IDEMPOTENCY_SCHEMA) await tx.query(statement)
  })
}

interface Row {
  fingerprint: string
  status: number | null
  headers: Record<string, string> | string | null
  body: string | null
}

/** Idempotency keys in the service's database: reservations, first answers, expiry. */
export class IdempotencyStore {
  private readonly ttlMs: number
  private readonly lockMs: number
  private nextPurge = 0

  constructor(
    private readonly db: Sql,
    options: IdempotencyStoreOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS
    this.lockMs = options.lockMs ?? IDEMPOTENCY_LOCK_MS
  }

  /**
   * Takes the key for this request, or says why not. Insert-first: the row's primary key decides
   * between concurrent requests. An existing row is taken over only when it expired, or when it is
   * a reservation of the same request whose holder gave no answer within the lock time.
   */
  async reserve(scope: string, key: string, fingerprint: string): Promise<Reservation> {
    await this.purgeExpired()
    // A row released or expired between the two statements: look again (bounded, it is rare).
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = randomUUID()
      const taken = await this.db.query<{ token: string }>(
        `INSERT INTO idempotency_keys AS k (scope, key, fingerprint, token, locked_until, expires_at)
         VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond', now() + $6 * interval '1 millisecond')
         ON CONFLICT (scope, key) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, token = EXCLUDED.token, status = NULL,
               headers = NULL, body = NULL, locked_until = EXCLUDED.locked_until,
               expires_at = EXCLUDED.expires_at, created_at = now()
           WHERE k.expires_at <= now()
              OR (k.status IS NULL AND k.locked_until <= now() AND k.fingerprint = EXCLUDED.fingerprint)
         RETURNING token`,
        [scope, key, fingerprint, token, this.lockMs, this.ttlMs],
      )
      if (taken[0]?.token === token) return { kind: 'reserved', token }
      const rows = await this.db.query<Row>(
        `SELECT fingerprint, status, headers, body FROM idempotency_keys
         WHERE scope = $1 AND key = $2 AND expires_at > now()`,
        [scope, key],
      )
      const row = rows[0]
      if (!row) continue
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' }
      if (row.status === null) return { kind: 'in_progress' }
      const headers = typeof row.headers === 'string' ? JSON.parse(row.headers) : (row.headers ?? {})
      return { kind: 'replay', answer: { status: row.status, headers, body: row.body ?? '' } }
    }
    return { kind: 'in_progress' }
  }

  /** Stores the answer of a reservation still held with `token` (a taken-over one is left alone). */
  async complete(scope: string, key: string, token: string, answer: StoredAnswer): Promise<void> {
    await this.db.query(
      `UPDATE idempotency_keys SET status = $4, headers = $5::jsonb, body = $6, locked_until = now()
       WHERE scope = $1 AND key = $2 AND token = $3 AND status IS NULL`,
      [scope, key, token, answer.status, JSON.stringify(answer.headers), answer.body],
    )
  }

  /** Gives the key up (the answer must not be replayed, e.g. a 5xx): the next try runs anew. */
  async release(scope: string, key: string, token: string): Promise<void> {
    await this.db.query(
      'DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND token = $3 AND status IS NULL',
      [scope, key, token],
    )
  }

  /** Expired rows go at most once a minute per process, as a side effect of the traffic. */
  private async purgeExpired(): Promise<void> {
    const now = Date.now()
    if (now < this.nextPurge) return
    this.nextPurge = now + 60_000
    await this.db.query('DELETE FROM idempotency_keys WHERE expires_at <= now()')
  }
}
