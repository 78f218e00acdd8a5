-- Projects as the projects.* operations manage them: delete protection, the time of the last
-- change, and the time their deletion was accepted (from then on the API no longer finds them;
-- a background task deletes them with their apps).

ALTER TABLE projects ADD COLUMN IF NOT EXISTS delete_protection boolean NOT NULL DEFAULT false;
ALTER TABLE projects ADD COLUMN IF NOT EXISTS updated_at bigint;
ALTER TABLE projects ADD COLUMN IF NOT EXISTS deletion_requested_at bigint;
