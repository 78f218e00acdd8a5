-- Teams, their API keys and their credit balance.
CREATE TABLE teams (
  id text PRIMARY KEY,
  name text NOT NULL,
  credits_remaining bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Keys are stored as SHA-256 hashes; the secret is shown once and never stored.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams (id),
  key_hash text NOT NULL UNIQUE,
  label text,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every change of a team's balance, with what caused it. teams.credits_remaining is the running sum.
CREATE TABLE credit_ledger (
  id bigserial PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams (id),
  delta bigint NOT NULL,
  reason text NOT NULL,
  reference text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_team ON credit_ledger (team_id, created_at);

-- Every page the service fetched, with a full-text index for search.
CREATE TABLE pages (
  id bigserial PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams (id),
  url text NOT NULL,
  final_url text NOT NULL,
  status_code integer NOT NULL,
  title text,
  description text,
  markdown text NOT NULL DEFAULT '',
  fetched_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, markdown), 'C')
  ) STORED
);
CREATE INDEX pages_search ON pages USING gin (search);
CREATE INDEX pages_team_url ON pages (team_id, final_url);

-- Agent runs. status: processing | cancelling | completed | failed.
CREATE TABLE agent_runs (
  id uuid PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams (id),
  status text NOT NULL DEFAULT 'processing',
  request jsonb NOT NULL,
  model text NOT NULL,
  effort text,
  mode text,
  origin text,
  integration text,
  thread_id text NOT NULL,
  thread_turn integer NOT NULL DEFAULT 1,
  job_id text,
  state jsonb NOT NULL DEFAULT '{}'::jsonb,
  data jsonb,
  error text,
  outcome text,
  credits_spent numeric NOT NULL DEFAULT 0,
  credits_billed numeric NOT NULL DEFAULT 0,
  next_sequence integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz
);
CREATE INDEX agent_runs_team_created ON agent_runs (team_id, created_at DESC);
CREATE INDEX agent_runs_thread ON agent_runs (team_id, thread_id, thread_turn);

-- The trace of a run: one row per event, numbered by producer_sequence without gaps.
CREATE TABLE agent_events (
  run_id uuid NOT NULL REFERENCES agent_runs (id),
  producer_sequence integer NOT NULL,
  event jsonb NOT NULL,
  PRIMARY KEY (run_id, producer_sequence)
);

-- Artifact snapshots referenced by artifact.updated events.
CREATE TABLE agent_snapshots (
  run_id uuid NOT NULL REFERENCES agent_runs (id),
  snapshot_id text NOT NULL,
  kind text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, snapshot_id)
);
