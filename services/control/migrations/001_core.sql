-- Core model of the control API: workspaces, their root keys, projects, apps, environments and
-- deployments. Timestamps the API returns are stored as epoch milliseconds (bigint), the unit of
-- the wire format. Every row carries its workspace so that every query can be scoped by it.

CREATE TABLE workspaces (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at bigint NOT NULL
);

-- Root keys: only the SHA-256 of the secret is stored. `permissions` holds the strings as granted,
-- in either notation (`environment.*.rollback_deployment` or `environment/*#rollback_deployment`).
CREATE TABLE root_keys (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  hash text NOT NULL UNIQUE,
  start text NOT NULL,
  name text,
  permissions jsonb NOT NULL DEFAULT '[]',
  expires_at bigint,
  revoked_at bigint,
  created_at bigint NOT NULL
);

CREATE TABLE projects (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  slug text NOT NULL,
  name text NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (workspace_id, slug)
);

CREATE TABLE apps (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  project_id text NOT NULL REFERENCES projects (id),
  slug text NOT NULL,
  name text NOT NULL,
  git_repository text,
  git_default_branch text,
  -- The deployment that serves live traffic (no foreign key: deployments refer to apps).
  current_deployment_id text,
  -- Set by a rollback, cleared by a promotion: while set, new deployments do not take traffic.
  is_rolled_back boolean NOT NULL DEFAULT false,
  delete_protection boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL,
  updated_at bigint,
  UNIQUE (project_id, slug)
);

CREATE TABLE environments (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  project_id text NOT NULL REFERENCES projects (id),
  app_id text NOT NULL REFERENCES apps (id),
  slug text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('production', 'preview')),
  description text NOT NULL DEFAULT '',
  delete_protection boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL,
  updated_at bigint,
  UNIQUE (app_id, slug)
);

-- One production environment per app.
CREATE UNIQUE INDEX environments_one_production ON environments (app_id) WHERE kind = 'production';

CREATE TABLE deployments (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  project_id text NOT NULL REFERENCES projects (id),
  app_id text NOT NULL REFERENCES apps (id),
  environment_id text NOT NULL REFERENCES environments (id),
  status text NOT NULL,
  -- A stop was accepted and the instances are draining; the status is still the one before.
  shutting_down boolean NOT NULL DEFAULT false,
  git_commit_sha text,
  git_branch text,
  docker_image text,
  regions jsonb NOT NULL DEFAULT '[]',
  domains jsonb NOT NULL DEFAULT '[]',
  runtime jsonb NOT NULL,
  error jsonb,
  created_at bigint NOT NULL,
  updated_at bigint
);

CREATE INDEX deployments_list ON deployments (workspace_id, created_at DESC, id DESC);
CREATE INDEX deployments_app ON deployments (app_id, created_at DESC);

-- Every accepted long-running operation (rollback, promote, start, stop, build) and its outcome.
-- The job that executes it lives in the job queue's table; this row is what users and tests read.
CREATE TABLE deployment_operations (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  kind text NOT NULL,
  app_id text NOT NULL REFERENCES apps (id),
  deployment_id text NOT NULL REFERENCES deployments (id),
  -- For rollbacks and promotions: the current deployment when the operation was accepted.
  from_deployment_id text,
  status text NOT NULL DEFAULT 'accepted',
  step text NOT NULL DEFAULT 'accepted',
  failure text,
  request_id text,
  created_at bigint NOT NULL,
  finished_at bigint
);

-- The audit trail of live-traffic moves. One row per switch; an operation switches at most once.
CREATE TABLE traffic_switches (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL REFERENCES apps (id),
  operation_id text UNIQUE REFERENCES deployment_operations (id),
  from_deployment_id text,
  to_deployment_id text NOT NULL,
  reason text NOT NULL,
  switched_at bigint NOT NULL
);
