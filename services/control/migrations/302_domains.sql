-- Custom domains of environments. A domain name is attached at most once across all workspaces.
-- `check_seq` numbers the verification checks: a queued check whose number is not the current
-- one was superseded (by verifyDomain or deletion) and does nothing.
CREATE TABLE IF NOT EXISTS domains (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  project_id text NOT NULL REFERENCES projects (id),
  app_id text NOT NULL REFERENCES apps (id),
  environment_id text NOT NULL REFERENCES environments (id),
  domain text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('pending', 'verifying', 'verified', 'failed')),
  verification_token text NOT NULL,
  verification_error text,
  dns_records jsonb NOT NULL,
  check_seq integer NOT NULL DEFAULT 0,
  checked_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint
);

CREATE INDEX IF NOT EXISTS domains_environment ON domains (environment_id, created_at, id);
