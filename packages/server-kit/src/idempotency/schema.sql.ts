/**
 * The table of idempotency keys. Created by server-kit itself (`installIdempotency`, run by
 * `prepareServiceDatabase` like the job queue's table), so both services store keys alike.
 *
 * A row is a reservation while `status` is null (its request is running; `token` names it) and the
 * stored first answer once `status` is set. The primary key is what lets one of two concurrent
 * requests with one key win the reservation, on PGlite and across PostgreSQL instances alike.
 */
export const IDEMPOTENCY_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope text NOT NULL,
    key text NOT NULL,
    fingerprint text NOT NULL,
    token text NOT NULL,
    status integer,
    headers jsonb,
    body text,
    locked_until timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
  )`,
  `CREATE INDEX IF NOT EXISTS idempotency_keys_expiry ON idempotency_keys (expires_at)`,
]
