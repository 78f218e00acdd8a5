-- The progress of every deployment: one row per state it entered (deploy.getDeployment `steps`).
CREATE TABLE IF NOT EXISTS deployment_steps (
  id bigserial PRIMARY KEY,
  deployment_id text NOT NULL,
  status text NOT NULL,
  message text NOT NULL,
  error_message text,
  created_at bigint NOT NULL
);

CREATE INDEX IF NOT EXISTS deployment_steps_deployment ON deployment_steps (deployment_id, id);

-- Runtime logs of deployments, read by analytics.getRuntimeLogs. The deployment workflows write
-- one row per state change. Shared with the analytics migrations: keep this definition identical
-- there (CREATE ... IF NOT EXISTS, so whichever runs first creates it). No foreign keys: logs
-- outlive the deployments they describe.
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

CREATE INDEX IF NOT EXISTS runtime_logs_workspace_time ON runtime_logs (workspace_id, time DESC);
