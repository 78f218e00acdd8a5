-- The page cache of POST /v2/scrape (maxAge, minAge, storeInCache): per team, the newest scrape
-- of each page fetched with the same document-shaping options (cache_key hashes the URL and
-- them). The document itself stays in scrape_jobs, written by the same statement.
CREATE TABLE scrape_cache (
  team_id text NOT NULL REFERENCES teams (id),
  cache_key text NOT NULL,
  job_id uuid NOT NULL,
  cached_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, cache_key)
);
