-- Apps and environments: background deletion of apps and the build and runtime settings
-- of environments. Settings are stored whole as jsonb; NULL means "the defaults" (see
-- src/domain/environment-settings.ts), so rows created before this migration keep working.

-- Set when `apps.deleteApp` is accepted; the deletion workflow removes the app afterwards.
ALTER TABLE apps ADD COLUMN IF NOT EXISTS deletion_requested_at bigint;

ALTER TABLE environments ADD COLUMN IF NOT EXISTS build jsonb;
ALTER TABLE environments ADD COLUMN IF NOT EXISTS runtime jsonb;
ALTER TABLE environments ADD COLUMN IF NOT EXISTS regions jsonb;

-- What `deploy.createDeployment` records beyond the Deployment schema.
ALTER TABLE deployments ADD COLUMN IF NOT EXISTS git_commit jsonb;
ALTER TABLE deployments ADD COLUMN IF NOT EXISTS keyspace_id text;
