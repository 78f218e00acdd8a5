-- A portal session acts for one identity (the end user named by `external_id` when the session was
-- created). Its id is kept so that the session stays bound to that identity even if another
-- identity later takes the same externalId; no foreign key, so that deleting the identity leaves
-- the session without an owner (its calls then answer 404) instead of erasing the audit row.
ALTER TABLE portal_sessions ADD COLUMN identity_id text;
CREATE INDEX portal_sessions_identity ON portal_sessions (identity_id);
