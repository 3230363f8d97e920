-- §7 recipe people config (issue 9, mallRecipeCustomPeopleManage): the people groups an org plans recipes for,
-- projected from the 'recipePeople-<id>' streams. A reference group keeps the peopleEnergyId it came from; a custom
-- one has none and a custom_avg_age (§3: customAvgAge marks custom). Keyed by org first (Citus readiness).
CREATE TABLE recipe_people (
  org_id text NOT NULL,
  people_id text NOT NULL,
  people_energy_id text,
  name text NOT NULL,
  age_range text NOT NULL,
  custom_avg_age numeric,
  energy_kcal numeric NOT NULL,
  food_ingredients jsonb NOT NULL DEFAULT '[]',
  enable boolean NOT NULL DEFAULT true,
  default_enable boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, people_id)
);
CREATE INDEX recipe_people_org_name ON recipe_people (org_id, name);
