-- §2 menuManage (issue 9): an org's dishes, projected from the dish streams ('dish-<id>'). The columns the
-- recipe cycles read are plain; the rest (tags, people, allergens, note, photo, dosageMode, ingredient lines) is
-- data jsonb. Keyed by org first (Citus readiness).
CREATE TABLE dishes (
  org_id text NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  category_id text NOT NULL,
  season text NULL,
  data jsonb NOT NULL DEFAULT '{}',
  pinyin text NOT NULL DEFAULT '',
  enable boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX dishes_category ON dishes (org_id, category_id);
