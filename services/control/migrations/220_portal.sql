-- Customer portal sessions (portal.*): a session is created by a root key for one end user
-- (externalId) with scopes; its one-time code is exchanged for a short-lived access token.
-- Only SHA-256 hashes of the code and of the token are stored.

CREATE TABLE portal_sessions (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id),
  portal_id text NOT NULL,
  external_id text NOT NULL,
  scopes jsonb NOT NULL,
  preview boolean NOT NULL DEFAULT false,
  return_url text,
  code_hash text NOT NULL UNIQUE,
  code_expires_at bigint NOT NULL,
  code_used_at bigint,
  token_hash text UNIQUE,
  token_expires_at bigint,
  created_at bigint NOT NULL
);
