-- Whether a deployment waits for approval (deployments.promoteDeployment) between its build and
-- its rollout: taken from its environment's `autoDeploy` setting when it is created (false →
-- approval required), so a later settings change does not alter deployments already on their way.
ALTER TABLE deployments ADD COLUMN requires_approval boolean NOT NULL DEFAULT false;
