-- Rate limiting (ratelimit.*): namespaces of a workspace, per-identifier overrides, the counters of
-- fixed windows, and one row per decision for analytics (analytics.getRatelimits).

CREATE TABLE ratelimit_namespaces (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  name text NOT NULL,
  created_at bigint NOT NULL,
  -- Set when the namespace was deleted: limiting in it answers 410.
  deleted_at bigint,
  UNIQUE (workspace_id, name)
);

-- An identifier ending in `*` matches every identifier with that prefix; an exact match wins,
-- then the longest prefix.
CREATE TABLE ratelimit_overrides (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  namespace_id text NOT NULL REFERENCES ratelimit_namespaces (id),
  identifier text NOT NULL,
  "limit" bigint NOT NULL,
  duration bigint NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (namespace_id, identifier)
);

-- One counter per (namespace, identifier, duration, window). The decision is one upsert that only
-- increments while the counter stays within `limit` (see src/routes/ratelimit.shared/engine.ts), so
-- concurrent requests on any number of service instances never pass more than the limit.
-- `namespace_id` is not a foreign key: the gateway's ratelimit policies count here too.
CREATE TABLE ratelimit_windows (
  namespace_id text NOT NULL,
  identifier text NOT NULL,
  duration bigint NOT NULL,
  window_start bigint NOT NULL,
  count bigint NOT NULL,
  "limit" bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (namespace_id, identifier, duration, window_start)
);

CREATE INDEX ratelimit_windows_expiry ON ratelimit_windows (expires_at);

CREATE TABLE ratelimit_decisions (
  id bigserial PRIMARY KEY,
  workspace_id text NOT NULL,
  namespace_id text NOT NULL,
  identifier text NOT NULL,
  passed boolean NOT NULL,
  time bigint NOT NULL
);

CREATE INDEX ratelimit_decisions_workspace_time ON ratelimit_decisions (workspace_id, time);
