-- Projections of the foundation (rebuilt from events by `npm run db:rebuild`). Every table carries org_id.
-- Global rows (users, apps, agents, holidays) use org_id 'system'.
CREATE TABLE agents (
  org_id text NOT NULL DEFAULT 'system',
  agent_id text PRIMARY KEY,
  name text NOT NULL,
  domain text NOT NULL DEFAULT '',
  parent_agent_id text,
  is_primary boolean NOT NULL DEFAULT false
);

CREATE TABLE orgs (
  org_id text PRIMARY KEY,
  name text NOT NULL,
  org_type text NOT NULL DEFAULT 'formal',
  agent_id text,
  parent_org_id text,
  area text NOT NULL DEFAULT '',
  expiration timestamptz,
  user_limit integer,
  created_at timestamptz NOT NULL
);

CREATE TABLE apps (
  org_id text NOT NULL DEFAULT 'system',
  app_id text PRIMARY KEY,
  app_name text NOT NULL,
  config jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE org_apps (
  id text PRIMARY KEY,
  org_id text NOT NULL,
  app_id text NOT NULL,
  app_name text NOT NULL,
  key text NOT NULL UNIQUE,
  disabled boolean NOT NULL DEFAULT false,
  UNIQUE (org_id, app_id)
);

CREATE TABLE users (
  org_id text NOT NULL DEFAULT 'system',
  user_id text PRIMARY KEY,
  username text NOT NULL UNIQUE,
  name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  is_dev boolean NOT NULL DEFAULT false,
  enable boolean NOT NULL DEFAULT true,
  expiration timestamptz,
  is_register boolean NOT NULL DEFAULT true,
  is_not_router_home boolean NOT NULL DEFAULT false,
  first_login boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);

-- membership of a user in an org-app
CREATE TABLE org_app_users (
  org_id text NOT NULL,
  app_id text NOT NULL,
  user_id text NOT NULL,
  extra_info jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (org_id, app_id, user_id)
);
CREATE INDEX org_app_users_user ON org_app_users (user_id);

CREATE TABLE role_groups (
  org_id text NOT NULL,
  role_group_id text PRIMARY KEY,
  group_name text NOT NULL,
  code text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  manage_role_names text[] NOT NULL DEFAULT '{}',
  config jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE roles (
  org_id text NOT NULL,
  role_id text PRIMARY KEY,
  name text NOT NULL,
  code text NOT NULL DEFAULT '',
  cn_name text NOT NULL DEFAULT '',
  role_group_id text,
  manage_role_names text[] NOT NULL DEFAULT '{}',
  enable boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  config jsonb NOT NULL DEFAULT '{}',
  UNIQUE (org_id, name)
);

CREATE TABLE user_roles (
  org_id text NOT NULL,
  user_id text NOT NULL,
  role_id text NOT NULL,
  PRIMARY KEY (org_id, user_id, role_id)
);
CREATE INDEX user_roles_user ON user_roles (user_id);

-- menu entries (groupName pcMenu / quickEntry) and power nodes share one permission tree (§3, §6)
CREATE TABLE permissions (
  org_id text NOT NULL,
  app_id text NOT NULL,
  permission_id text PRIMARY KEY,
  module_id text NOT NULL,
  parent_id text NOT NULL DEFAULT '-1',
  module_name text NOT NULL DEFAULT '',
  group_name text NOT NULL,
  power text NOT NULL DEFAULT '',
  power_name text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  enable boolean NOT NULL DEFAULT true,
  extra_info jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX permissions_org_app_group ON permissions (org_id, app_id, group_name);

CREATE TABLE role_permissions (
  org_id text NOT NULL,
  role_id text NOT NULL,
  permission_id text NOT NULL,
  extra_info jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (org_id, role_id, permission_id)
);

-- org config by path (§3 org config; theme and locales are paths too)
CREATE TABLE org_config (
  org_id text NOT NULL,
  app_id text NOT NULL DEFAULT '',
  path text NOT NULL,
  value jsonb NOT NULL,
  PRIMARY KEY (org_id, app_id, path)
);

CREATE TABLE holidays (
  org_id text NOT NULL DEFAULT 'system',
  date date PRIMARY KEY,
  type integer NOT NULL,
  name text NOT NULL DEFAULT ''
);
