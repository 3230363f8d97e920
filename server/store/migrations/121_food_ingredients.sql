-- §2 localFoodIngredientsManage (issue 9): an org's own ingredients and its overrides of platform foods
-- (server/data/foods.json). The platform library itself is read from that file, never copied into a table; a
-- row here wins inside its org. data holds only the fields the org set (nameZh, nameEn, group,
-- ediblePortionPct, per100g with only the nutrients it set): a JSON null there means "unknown in this org",
-- an absent key means "as the platform says".
CREATE TABLE food_ingredients (
  org_id text NOT NULL,
  food_id text NOT NULL,
  kind text NOT NULL,            -- 'local' (the org's own food) or 'override' (of a platform food)
  name_zh text NULL,
  pinyin text NOT NULL DEFAULT '',
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, food_id)
);
