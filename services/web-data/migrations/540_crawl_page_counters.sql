-- How many pages a crawl or batch scrape has, and how many of them are done, kept on its
-- row by the statements that add and finish pages (they hold the row's lock), so that a status
-- poll reads one row and a page commit checks `limit` without counting the crawl's pages.
ALTER TABLE crawls
  ADD COLUMN pages_total integer NOT NULL DEFAULT 0,
  ADD COLUMN pages_done integer NOT NULL DEFAULT 0;
UPDATE crawls c SET pages_total = x.total, pages_done = x.done
FROM (
  SELECT crawl_id, count(*) AS total,
         count(*) FILTER (WHERE status = 'done') AS done
  FROM crawl_pages GROUP BY crawl_id
) x
WHERE c.id = x.crawl_id;
