-- URLs appended to a batch scrape (POST /v2/batch/scrape with `appendToId`) are scraped with the
-- scrape options of the request that appended them, as the real API does. Each distinct set of
-- options a batch was appended with is kept once here; a page points at its set (NULL: the
-- batch's own options, kept in crawls.options).
CREATE TABLE crawl_appends (
  id bigserial PRIMARY KEY,
  crawl_id uuid NOT NULL REFERENCES crawls (id),
  scrape_options jsonb NOT NULL
);
CREATE INDEX crawl_appends_crawl ON crawl_appends (crawl_id);
ALTER TABLE crawl_pages ADD COLUMN append_id bigint REFERENCES crawl_appends (id);
