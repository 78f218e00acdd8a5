-- Environment variables. Values are never stored in clear: `value_ciphertext` is AES-256-GCM
-- (`v1.<iv>.<tag>.<ciphertext>`, base64url) under the variables key (CONTROL_VARIABLES_KEY, or a
-- key generated once and kept in `control_secrets`). `writeonly` values are never decrypted by the
-- API; `recoverable` ones are returned by listEnvironmentVariables.
CREATE TABLE IF NOT EXISTS environment_variables (
  environment_id text NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('recoverable', 'writeonly')),
  value_ciphertext text NOT NULL,
  description text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (environment_id, key)
);

-- Service-wide secrets generated on first use (the fallback variables key).
CREATE TABLE IF NOT EXISTS control_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at bigint NOT NULL
);
