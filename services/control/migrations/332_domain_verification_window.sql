-- The start of a domain's 24-hour verification window: its creation, then each verifyDomain. A
-- domain is `failed` only once a check after the window's end still misses a record. Domains from
-- before this migration count their window from their creation.
ALTER TABLE domains ADD COLUMN IF NOT EXISTS verification_started_at bigint;
UPDATE domains SET verification_started_at = created_at WHERE verification_started_at IS NULL;
ALTER TABLE domains ALTER COLUMN verification_started_at SET NOT NULL;
