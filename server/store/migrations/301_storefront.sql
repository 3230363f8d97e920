-- Issue 34: the members' storefront. Member sessions are not staff sessions: their own table, read only by the
-- storefront's routes, so a member's token can never pass the staff auth and a staff token never the member auth.
CREATE TABLE member_sessions (
  token_hash text PRIMARY KEY,
  org_id text NOT NULL,
  member_id text NOT NULL,
  phone text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX member_sessions_member ON member_sessions (org_id, member_id);
CREATE INDEX member_sessions_expires ON member_sessions (expires_at);

-- the operators' records of the storefront (content, recommendations, campaigns, the template), by kind
CREATE TABLE mall_records (
  org_id text NOT NULL,
  record_id text NOT NULL,
  kind text NOT NULL,
  data jsonb NOT NULL,
  starts_at timestamptz,
  ends_at timestamptz,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, record_id)
);
CREATE INDEX mall_records_kind ON mall_records (org_id, kind, sort);

CREATE TABLE mall_groupons (
  org_id text NOT NULL,
  groupon_id text NOT NULL,
  title text NOT NULL,
  product_id text NOT NULL,
  image_url text,
  unit_price numeric(12, 2) NOT NULL,
  group_price numeric(12, 2) NOT NULL,
  min_people integer NOT NULL,
  max_people integer,
  deadline timestamptz NOT NULL,
  status text NOT NULL,
  joined integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, groupon_id)
);
CREATE INDEX mall_groupons_open ON mall_groupons (org_id, status, deadline);

CREATE TABLE mall_groupon_members (
  org_id text NOT NULL,
  groupon_id text NOT NULL,
  member_id text NOT NULL,
  name text NOT NULL,
  quantity integer NOT NULL,
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, groupon_id, member_id)
);
CREATE INDEX mall_groupon_members_member ON mall_groupon_members (org_id, member_id);
