-- Init templates of §7 (/v3/orgappinit/template): what a new organisation starts with. A projection of the
-- template events; global rows use org_id 'system'.
CREATE TABLE org_init_templates (
  org_id text NOT NULL DEFAULT 'system',
  id text PRIMARY KEY,
  name text NOT NULL,
  disabled boolean NOT NULL DEFAULT false,
  content jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE UNIQUE INDEX agents_domain ON agents (domain) WHERE domain <> '';
