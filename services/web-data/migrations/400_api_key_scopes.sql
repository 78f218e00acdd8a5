-- What a key may do: the features (scopes) it was granted. NULL means every scope (keys created
-- before scopes existed, and the bootstrap key); an empty array means none.
ALTER TABLE api_keys ADD COLUMN scopes text[];
