/**
 * The jobs table. It is created by the queue itself (not by a service's migrations) so every
 * service that uses the queue gets the same table.
 */
export const JOBS_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS jobs (
    id text PRIMARY KEY,
    queue text NOT NULL,
    payload jsonb NOT NULL,
    status text NOT NULL DEFAULT 'pending',
    run_at timestamptz NOT NULL DEFAULT now(),
    attempts integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL DEFAULT 10,
    locked_by text,
    locked_until timestamptz,
    last_error text,
    dedupe_key text UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
  )`,
  `CREATE INDEX IF NOT EXISTS jobs_claimable ON jobs (queue, run_at) WHERE status IN ('pending', 'running')`,
]
