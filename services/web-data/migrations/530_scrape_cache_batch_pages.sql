-- Batch scrapes use the page cache too: a cache row points at the stored document of either a
-- scrape (scrape_jobs) or a batch page (crawl_pages), never both.
ALTER TABLE scrape_cache ALTER COLUMN job_id DROP NOT NULL;
ALTER TABLE scrape_cache ADD COLUMN crawl_page_id bigint;
ALTER TABLE scrape_cache ADD CONSTRAINT scrape_cache_one_document
  CHECK ((job_id IS NULL) <> (crawl_page_id IS NULL));
