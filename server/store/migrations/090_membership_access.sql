-- Enabled and valid-until are decided by each org for its own membership (issue 16): an org's user manager
-- no longer switches off or expires the account itself, which other orgs share.
ALTER TABLE org_app_users ADD COLUMN enable boolean NOT NULL DEFAULT true;
ALTER TABLE org_app_users ADD COLUMN expiration timestamptz;
