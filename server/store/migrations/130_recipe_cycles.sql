-- §2 mallRecipeCycleManage (issue 9): weekly recipe cycles, projected from the cycle streams ('recipeCycle-<id>').
-- A cycle's header and approval status in recipe_cycles; its day × meal cells of dishes (with per-person dosages
-- per age group, jsonb) in recipe_cycle_cells. Keyed by org first (Citus readiness).
CREATE TABLE recipe_cycles (
  org_id text NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  cycle_option text NOT NULL,
  weeks integer NOT NULL,
  meal_pattern numeric NOT NULL,
  age_groups jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL,
  remark text NOT NULL DEFAULT '',
  cell_count integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_by_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX recipe_cycles_org_start ON recipe_cycles (org_id, start_date DESC, id);
CREATE INDEX recipe_cycles_org_author ON recipe_cycles (org_id, created_by);

CREATE TABLE recipe_cycle_cells (
  org_id text NOT NULL,
  cycle_id text NOT NULL,
  day integer NOT NULL,
  meal_code integer NOT NULL,
  dishes jsonb NOT NULL,
  PRIMARY KEY (org_id, cycle_id, day, meal_code)
);
