-- The search vector of a page is no longer computed by the statement that records the page
-- (to_tsvector of a long page costs milliseconds, on the request's path): pages are recorded with
-- `search` NULL and the service's search indexer (src/search/indexer.ts) fills it right after, in
-- the background. The unindexed rows are the indexer's durable to-do list, found through this
-- partial index; search indexes a team's pending rows before it queries.
ALTER TABLE pages ALTER COLUMN search DROP EXPRESSION;
CREATE INDEX pages_unindexed ON pages (id) WHERE search IS NULL;
