-- Crawls and batch scrapes (kind 'crawl' | 'batch'). status: scraping | completed | failed | cancelled.
CREATE TABLE crawls (
  id uuid PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams (id),
  kind text NOT NULL,
  url text,
  options jsonb NOT NULL,
  status text NOT NULL DEFAULT 'scraping',
  phase text NOT NULL DEFAULT 'seed',
  robots_txt text,
  job_id text,
  credits_used integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX crawls_team_status ON crawls (team_id, kind, status);

-- Every URL a crawl accepted, once per normalised URL. status: pending | done | failed.
CREATE TABLE crawl_pages (
  id bigserial PRIMARY KEY,
  crawl_id uuid NOT NULL REFERENCES crawls (id),
  url text NOT NULL,
  url_key text NOT NULL,
  depth integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'pending',
  document jsonb,
  error text,
  finished_at timestamptz,
  UNIQUE (crawl_id, url_key)
);
CREATE INDEX crawl_pages_status ON crawl_pages (crawl_id, status, id);

-- URLs a crawl found but robots.txt disallows.
CREATE TABLE crawl_robots_blocked (
  crawl_id uuid NOT NULL REFERENCES crawls (id),
  url text NOT NULL,
  PRIMARY KEY (crawl_id, url)
);

-- Extraction jobs. status: processing | completed | failed | cancelled.
CREATE TABLE extracts (
  id uuid PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams (id),
  request jsonb NOT NULL,
  status text NOT NULL DEFAULT 'processing',
  state jsonb NOT NULL,
  data jsonb,
  error text,
  tokens_used integer NOT NULL DEFAULT 0,
  job_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
