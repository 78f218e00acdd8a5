-- Gateway policies (gateway.*): the ordered policy list of an environment, and one row per request
-- the gateway evaluated (analytics.getGatewayRequests).

CREATE TABLE gateway_policies (
  environment_id text PRIMARY KEY REFERENCES environments (id),
  workspace_id text NOT NULL REFERENCES workspaces (id),
  -- The ordered array of Policy objects exactly as the API returns them.
  policies jsonb NOT NULL DEFAULT '[]',
  updated_at bigint NOT NULL
);

CREATE TABLE gateway_requests (
  id bigserial PRIMARY KEY,
  workspace_id text NOT NULL,
  project_id text NOT NULL,
  app_id text NOT NULL,
  environment_id text NOT NULL,
  time bigint NOT NULL,
  method text NOT NULL,
  host text NOT NULL DEFAULT '',
  path text NOT NULL,
  query text NOT NULL DEFAULT '',
  status integer NOT NULL,
  latency_ms integer NOT NULL DEFAULT 0,
  -- The policy that decided the response (denied it), or null when the request was forwarded.
  policy text,
  outcome text NOT NULL,
  remote_ip text NOT NULL DEFAULT '',
  -- Filled only when a logging policy asks for them.
  request_headers jsonb,
  request_body text
);

CREATE INDEX gateway_requests_workspace_time ON gateway_requests (workspace_id, time);
