-- Sharing and exporting recipe cycles (issue 9, §7 /v4/mall/recipe/share and /v4/mall/recipe/exceltpl), projected
-- from the share streams ('recipeShare-<id>') and the Excel template streams ('recipeExcelTemplate-<id>').
-- A share is the sharing org's row; each recipient org gets a row of its own keyed by its org_id, so an org reads
-- what was shared with it without crossing tenants (Citus readiness: org_id first in every key).
CREATE TABLE recipe_shares (
  org_id text NOT NULL,
  id integer NOT NULL,
  name text NOT NULL,
  cycle_id text NOT NULL,
  cycle_name text NOT NULL DEFAULT '',
  org_ids jsonb NOT NULL DEFAULT '[]',
  remark text NOT NULL DEFAULT '',
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);

CREATE TABLE recipe_share_recipients (
  org_id text NOT NULL,
  share_id integer NOT NULL,
  owner_org_id text NOT NULL,
  PRIMARY KEY (org_id, share_id)
);

-- share ids are whole numbers; 1-7 are the platform's protected built-in templates (§5, §9)
CREATE SEQUENCE recipe_share_ids START 8;

CREATE TABLE recipe_excel_templates (
  org_id text NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  layout text NOT NULL,
  title text NOT NULL DEFAULT '',
  show_dosage boolean NOT NULL DEFAULT true,
  show_weekend boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
