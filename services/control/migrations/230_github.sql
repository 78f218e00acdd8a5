-- GitHub app installations (github.installApp): each call records a pending installation of the
-- workspace with a one-time state that the install URL carries; GitHub's callback (not part of
-- this API) would complete it with the installation id and account.

CREATE TABLE github_installations (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  state_hash text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'installed', 'expired')),
  expires_at bigint NOT NULL,
  github_installation_id bigint,
  github_account text,
  requested_by_key_id text,
  created_at bigint NOT NULL,
  installed_at bigint
);
