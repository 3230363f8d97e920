-- §2 packageManage (issue 9): an org's set meals of dishes, projected from the package streams
-- ('dishPackage-<id>'); the dishes with their portions and the tags in data. Keyed by org first.
CREATE TABLE dish_packages (
  org_id text NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  category_id text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
-- which packages hold a dish (a dish in a package is not deleted)
CREATE INDEX dish_packages_dishes ON dish_packages USING gin ((data -> 'dishes'));
