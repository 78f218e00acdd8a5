-- Analytics (analytics.*): the recorded events that users query with SQL, and the database-side
-- confinement of those queries.
--
-- A user query runs in a READ ONLY transaction, with a statement_timeout, as the role
-- control_analytics, which may read nothing but the four analytics_* views below. Each view
-- shows only the rows of the workspace registered for the current transaction in
-- analytics_scopes (written by the service before it drops privileges), so no SQL the user
-- writes can reach another workspace's rows, another table, or change anything. The views are
-- security barriers: user conditions run after the workspace filter and cannot leak filtered rows.

-- Event tables written by other areas of the service, created here only when their owners'
-- migrations have not created them yet (keys: 100_keys.sql, runtime logs: 303_…sql, which runs
-- after this file). Keep these definitions identical to theirs.
CREATE TABLE IF NOT EXISTS key_verifications (
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

CREATE TABLE IF NOT EXISTS runtime_logs (
  workspace_id text NOT NULL,
  project_id text NOT NULL,
  app_id text NOT NULL,
  environment_id text NOT NULL,
  deployment_id text NOT NULL,
  time timestamptz NOT NULL,
  level text NOT NULL,
  message text NOT NULL
);

CREATE INDEX IF NOT EXISTS key_verifications_workspace_time ON key_verifications (workspace_id, time);
CREATE INDEX IF NOT EXISTS runtime_logs_workspace_time ON runtime_logs (workspace_id, time DESC);

-- The workspace of each running analytics transaction (rolled back with it).
CREATE TABLE analytics_scopes (
  txid bigint PRIMARY KEY,
  workspace_id text NOT NULL
);

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'control_analytics') THEN
    CREATE ROLE control_analytics NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;

-- A non-superuser service login must be allowed to SET ROLE to it.
DO $$
BEGIN
  EXECUTE format('GRANT control_analytics TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  NULL;
END
$$;

CREATE VIEW analytics_key_verifications WITH (security_barrier) AS
  SELECT v.time, v.key_id, v.api_id, v.identity_id, v.outcome, v.tags, v.region
  FROM key_verifications v
  WHERE v.workspace_id = (SELECT s.workspace_id FROM analytics_scopes s WHERE s.txid = txid_current_if_assigned());

CREATE VIEW analytics_ratelimits WITH (security_barrier) AS
  SELECT to_timestamp(d.time / 1000.0) AS time, n.name AS namespace, d.namespace_id, d.identifier, d.passed
  FROM ratelimit_decisions d JOIN ratelimit_namespaces n ON n.id = d.namespace_id
  WHERE d.workspace_id = (SELECT s.workspace_id FROM analytics_scopes s WHERE s.txid = txid_current_if_assigned());

CREATE VIEW analytics_gateway_requests WITH (security_barrier) AS
  SELECT to_timestamp(g.time / 1000.0) AS time, g.project_id, g.app_id, g.environment_id, g.method, g.host,
    g.path, g.query, g.status, g.latency_ms, g.policy, g.outcome, g.remote_ip
  FROM gateway_requests g
  WHERE g.workspace_id = (SELECT s.workspace_id FROM analytics_scopes s WHERE s.txid = txid_current_if_assigned());

CREATE VIEW analytics_runtime_logs WITH (security_barrier) AS
  SELECT l.time, l.project_id, l.app_id, l.environment_id, l.deployment_id, l.level, l.message
  FROM runtime_logs l
  WHERE l.workspace_id = (SELECT s.workspace_id FROM analytics_scopes s WHERE s.txid = txid_current_if_assigned());

-- ClickHouse-style helpers used by the documented example queries.
CREATE FUNCTION analytics_countif_step(state bigint, cond boolean) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$ SELECT state + CASE WHEN cond THEN 1 ELSE 0 END $$;

CREATE AGGREGATE countif(boolean) (SFUNC = analytics_countif_step, STYPE = bigint, INITCOND = '0');

CREATE FUNCTION tostartofminute(timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('minute', $1 AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;

CREATE FUNCTION tostartofhour(timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('hour', $1 AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;

CREATE FUNCTION tostartofday(timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('day', $1 AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;

CREATE FUNCTION tostartofmonth(timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('month', $1 AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;

REVOKE ALL ON analytics_scopes FROM PUBLIC;
REVOKE ALL ON analytics_key_verifications, analytics_ratelimits, analytics_gateway_requests,
  analytics_runtime_logs FROM PUBLIC;
GRANT SELECT ON analytics_key_verifications, analytics_ratelimits, analytics_gateway_requests,
  analytics_runtime_logs TO control_analytics;

DO $$
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO control_analytics', current_schema());
END
$$;

-- The only way user SQL is run: as the body of a SECURITY DEFINER function owned by
-- control_analytics. Inside it PostgreSQL refuses SET ROLE / RESET ROLE / set_config('role', …),
-- so the query cannot climb back to the service's own role, and the subquery wrapper admits a
-- single SELECT only (no second statement, no data-modifying WITH).
CREATE FUNCTION analytics_run(query text) RETURNS SETOF json
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  RETURN QUERY EXECUTE 'SELECT row_to_json(q) FROM (' || query || E'\n) AS q';
END
$$;

ALTER FUNCTION analytics_run(text) OWNER TO control_analytics;
REVOKE ALL ON FUNCTION analytics_run(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION analytics_run(text) TO control_analytics;
