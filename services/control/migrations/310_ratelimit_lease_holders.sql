-- How many service instances hold leased permits of a window they have not used yet. An
-- instance refused a lease waits while another holds some (they are used or handed back
-- shortly), so a limit admits exactly its number of requests across instances.
ALTER TABLE ratelimit_windows ADD COLUMN holders integer NOT NULL DEFAULT 0;
ALTER TABLE key_ratelimit_windows ADD COLUMN holders integer NOT NULL DEFAULT 0;
