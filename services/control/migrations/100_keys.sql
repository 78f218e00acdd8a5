-- APIs and their keys, identities, RBAC (permissions and roles), per-key and per-identity rate
-- limits, and the log of every key verification (read by analytics.getVerifications).
-- Timestamps the API returns are epoch milliseconds (bigint); every row carries its workspace.

CREATE TABLE apis (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  name text NOT NULL,
  delete_protection boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
CREATE INDEX apis_workspace ON apis (workspace_id);

-- Owners of keys, named by the caller's own externalId.
CREATE TABLE identities (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  external_id text NOT NULL,
  meta jsonb,
  created_at bigint NOT NULL,
  UNIQUE (workspace_id, external_id)
);

-- Migrations of pre-hashed keys (keys.migrateKeys): which hash algorithm the imported hashes use.
CREATE TABLE key_migrations (
  id text NOT NULL,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  algorithm text NOT NULL CHECK (algorithm IN ('sha256', 'sha256_base64')),
  created_at bigint NOT NULL,
  PRIMARY KEY (workspace_id, id)
);

-- Keys: only the hash of the secret (SHA-256 hex, or the imported hash of a migration) is stored,
-- plus an AES-256-GCM ciphertext when the key was created recoverable.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  api_id text NOT NULL REFERENCES apis (id) ON DELETE CASCADE,
  hash text NOT NULL,
  migration_id text,
  start text NOT NULL,
  prefix text,
  byte_length integer NOT NULL DEFAULT 16,
  name text,
  identity_id text REFERENCES identities (id) ON DELETE SET NULL,
  meta jsonb,
  enabled boolean NOT NULL DEFAULT true,
  expires_at bigint,
  -- NULL: unlimited. Decremented atomically by verifications.
  credits_remaining bigint,
  refill_interval text CHECK (refill_interval IN ('daily', 'monthly')),
  refill_amount bigint,
  refill_day integer,
  last_refill_at bigint,
  encrypted text,
  created_at bigint NOT NULL,
  updated_at bigint,
  last_used_at bigint,
  deleted_at bigint,
  UNIQUE (workspace_id, hash)
);
CREATE INDEX api_keys_api ON api_keys (api_id, created_at, id);
CREATE INDEX api_keys_identity ON api_keys (identity_id);

-- Rate limits configured on a key or on an identity (shared by all its keys).
CREATE TABLE key_ratelimits (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  key_id text REFERENCES api_keys (id) ON DELETE CASCADE,
  identity_id text REFERENCES identities (id) ON DELETE CASCADE,
  name text NOT NULL,
  "limit" bigint NOT NULL,
  duration bigint NOT NULL,
  auto_apply boolean NOT NULL DEFAULT false,
  CHECK ((key_id IS NULL) <> (identity_id IS NULL))
);
CREATE INDEX key_ratelimits_key ON key_ratelimits (key_id);
CREATE INDEX key_ratelimits_identity ON key_ratelimits (identity_id);

-- Fixed-window counters of those limits; `scope_id` is the key or identity id.
CREATE TABLE key_ratelimit_windows (
  scope_id text NOT NULL,
  name text NOT NULL,
  duration bigint NOT NULL,
  window_start bigint NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (scope_id, name, duration, window_start)
);

CREATE TABLE rbac_permissions (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  name text NOT NULL,
  slug text NOT NULL,
  description text,
  created_at bigint NOT NULL,
  UNIQUE (workspace_id, slug)
);

CREATE TABLE rbac_roles (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  name text NOT NULL,
  description text,
  created_at bigint NOT NULL,
  UNIQUE (workspace_id, name)
);

CREATE TABLE rbac_role_permissions (
  role_id text NOT NULL REFERENCES rbac_roles (id) ON DELETE CASCADE,
  permission_id text NOT NULL REFERENCES rbac_permissions (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id)
);

CREATE TABLE key_permissions (
  key_id text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  permission_id text NOT NULL REFERENCES rbac_permissions (id) ON DELETE CASCADE,
  PRIMARY KEY (key_id, permission_id)
);

CREATE TABLE key_roles (
  key_id text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  role_id text NOT NULL REFERENCES rbac_roles (id) ON DELETE CASCADE,
  PRIMARY KEY (key_id, role_id)
);

-- One row per keys.verifyKey call, whatever its outcome (VALID, NOT_FOUND, USAGE_EXCEEDED, …).
-- No foreign keys: the log outlives deleted keys, APIs and identities.
CREATE TABLE key_verifications (
  id bigserial PRIMARY KEY,
  workspace_id text NOT NULL,
  key_id text,
  api_id text,
  identity_id text,
  outcome text NOT NULL,
  time timestamptz NOT NULL DEFAULT now(),
  tags text[] NOT NULL DEFAULT '{}',
  region text NOT NULL DEFAULT 'local'
);
CREATE INDEX key_verifications_workspace_time ON key_verifications (workspace_id, time);
CREATE INDEX key_verifications_key ON key_verifications (key_id, time);
