-- The search indexer reads a URL's latest indexed page (a page fetched again unchanged takes its
-- vector, src/search/indexer.ts). With the page id in the index, that is the last entry of the
-- URL's range instead of a sort of every version of the URL. It replaces the index on
-- (team_id, final_url), whose lookups it serves as well.
CREATE INDEX pages_team_url_id ON pages (team_id, final_url, id);
DROP INDEX pages_team_url;
