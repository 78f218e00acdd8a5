-- Whether a team's billing is configured (credits were granted to it at some point), kept on the
-- team so that metering every request reads one row instead of searching the ledger.
ALTER TABLE teams ADD COLUMN billing_configured boolean NOT NULL DEFAULT false;
UPDATE teams t SET billing_configured = true
WHERE EXISTS (SELECT 1 FROM credit_ledger l WHERE l.team_id = t.id AND l.reason = 'grant');
