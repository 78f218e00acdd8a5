-- Search, monitors, parse and metering (migrations 200–299).

-- Per-team limits; NULL means the service default (WEB_DATA_RATE_LIMIT_PER_MIN, WEB_DATA_MAX_CONCURRENT_JOBS).
ALTER TABLE teams ADD COLUMN rate_limit_per_min integer;
ALTER TABLE teams ADD COLUMN max_concurrent_jobs integer;
-- Token allowance of the plan (LLM-backed features); this service has no model and spends none.
ALTER TABLE teams ADD COLUMN plan_tokens bigint NOT NULL DEFAULT 0;

-- Which key caused a ledger row (NULL for work done by the job worker), and tokens spent.
ALTER TABLE credit_ledger ADD COLUMN key_id text;
ALTER TABLE credit_ledger ADD COLUMN tokens bigint NOT NULL DEFAULT 0;

-- Fixed one-minute windows of the per-team rate limit; shared by every instance on the database.
CREATE TABLE rate_limit_windows (
  team_id text NOT NULL REFERENCES teams (id),
  window_start timestamptz NOT NULL,
  requests integer NOT NULL DEFAULT 0,
  PRIMARY KEY (team_id, window_start)
);

-- Successful calls of the metered endpoints, for GET /v2/team/activity.
CREATE TABLE team_activity (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL,
  team_id text NOT NULL REFERENCES teams (id),
  key_id text,
  endpoint text NOT NULL,
  target text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_activity_team_seq ON team_activity (team_id, seq DESC);

-- Monitors: recurring checks of pages, crawls or searches. schedule_version changes whenever the
-- schedule or status changes, so a scheduling job of an older version stops by itself.
CREATE TABLE monitors (
  id uuid PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams (id),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'active',
  schedule jsonb NOT NULL,
  targets jsonb NOT NULL,
  webhook jsonb,
  notification jsonb,
  retention_days integer NOT NULL DEFAULT 30,
  goal text,
  judge_enabled boolean NOT NULL DEFAULT false,
  schedule_version integer NOT NULL DEFAULT 1,
  next_run_at timestamptz,
  last_run_at timestamptz,
  current_check_id uuid,
  last_check_summary jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX monitors_team_created ON monitors (team_id, created_at DESC);

CREATE TABLE monitor_checks (
  id uuid PRIMARY KEY,
  monitor_id uuid NOT NULL REFERENCES monitors (id),
  team_id text NOT NULL REFERENCES teams (id),
  status text NOT NULL,
  trigger text NOT NULL,
  scheduled_for timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  estimated_credits integer,
  reserved_credits integer,
  actual_credits integer,
  billing_status text NOT NULL DEFAULT 'pending',
  summary jsonb NOT NULL DEFAULT '{"totalPages":0,"same":0,"changed":0,"new":0,"removed":0,"error":0}'::jsonb,
  target_results jsonb,
  notification_status jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX monitor_checks_monitor_created ON monitor_checks (monitor_id, created_at DESC);

-- One row per page of a check; the markdown is the snapshot the next check diffs against.
CREATE TABLE monitor_check_pages (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL,
  check_id uuid NOT NULL REFERENCES monitor_checks (id),
  monitor_id uuid NOT NULL REFERENCES monitors (id),
  target_id text NOT NULL,
  url text NOT NULL,
  status text NOT NULL,
  previous_scrape_id uuid,
  current_scrape_id uuid,
  status_code integer,
  error text,
  metadata jsonb,
  diff jsonb,
  markdown text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX monitor_check_pages_check ON monitor_check_pages (check_id, seq);
CREATE INDEX monitor_check_pages_latest ON monitor_check_pages (monitor_id, target_id, url, seq DESC);
