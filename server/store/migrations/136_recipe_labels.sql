-- §7 recipelabel (issue 9, mallRecipeCycleLableManage): an org's recipe labels ('recipeLabel-<id>' streams) and its
-- recipelabel config ('recipeLabelConfig-<orgId>'), keyed by org first.
CREATE TABLE recipe_labels (
  org_id text NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  color text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  enable boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX recipe_labels_org_name ON recipe_labels (org_id, name);

CREATE TABLE recipe_label_configs (
  org_id text NOT NULL,
  config jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id)
);
