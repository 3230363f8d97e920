-- §7 Mall: the food ingredients of a SKU (USDA NDB ids of server/data/foods.json) with their edible net weight
-- share, projected from SkuIngredientsSet events (issue 5).
CREATE TABLE sku_ingredients (
  org_id text NOT NULL,
  sku_id text NOT NULL,
  food_id text NOT NULL,
  ratio double precision NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (sku_id, food_id)
);
CREATE INDEX sku_ingredients_org ON sku_ingredients (org_id, sku_id);
