-- §3 product members, member groups and member config (issue 4), projected from Member* events.
CREATE TABLE product_member_groups (
  org_id text NOT NULL,
  group_id text PRIMARY KEY,
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 1,
  is_default boolean NOT NULL DEFAULT false
);
CREATE INDEX product_member_groups_org ON product_member_groups (org_id, sort);
-- at most one default group per org
CREATE UNIQUE INDEX product_member_groups_default ON product_member_groups (org_id) WHERE is_default;

CREATE TABLE product_members (
  org_id text NOT NULL,
  user_id text NOT NULL,
  name text NOT NULL DEFAULT '',
  phone_number text NOT NULL DEFAULT '',
  group_id text NOT NULL,
  config jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, user_id)
);
CREATE INDEX product_members_group ON product_members (org_id, group_id);
CREATE UNIQUE INDEX product_members_phone ON product_members (org_id, phone_number) WHERE phone_number <> '';

CREATE TABLE product_member_config (
  org_id text PRIMARY KEY,
  config jsonb NOT NULL
);
