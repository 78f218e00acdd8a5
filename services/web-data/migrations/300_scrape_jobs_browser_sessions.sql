-- Every scrape is a job: its id is returned as metadata.scrapeId and GET /v2/scrape/{jobId}
-- returns the stored document until expires_at. document is NULL for zero-data-retention scrapes.
-- session_state tracks the browser session of POST/DELETE /v2/scrape/{jobId}/interact:
-- none (never opened) | active | stopped | expired.
CREATE TABLE scrape_jobs (
  id uuid PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams (id),
  url text NOT NULL,
  final_url text NOT NULL,
  document jsonb,
  used_browser boolean NOT NULL DEFAULT false,
  session_state text NOT NULL DEFAULT 'none',
  session_started_at timestamptz,
  session_ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX scrape_jobs_team ON scrape_jobs (team_id, created_at);

-- Browser sessions of /v2/interact. status: active | destroyed. The live browser context is held
-- by the process in instance_id; a session that process no longer holds is reported destroyed.
CREATE TABLE browser_sessions (
  id text PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams (id),
  status text NOT NULL DEFAULT 'active',
  instance_id text NOT NULL,
  ttl_seconds integer NOT NULL,
  activity_ttl_seconds integer,
  stream_web_view boolean NOT NULL DEFAULT true,
  profile_name text,
  profile_save boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_activity timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  destroyed_at timestamptz,
  destroy_reason text,
  duration_ms bigint,
  credits_billed numeric
);
CREATE INDEX browser_sessions_team ON browser_sessions (team_id, created_at);

-- Named browser profiles: cookies and local storage kept across sessions (Playwright storage state).
CREATE TABLE browser_profiles (
  team_id text NOT NULL REFERENCES teams (id),
  name text NOT NULL,
  storage_state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, name)
);
