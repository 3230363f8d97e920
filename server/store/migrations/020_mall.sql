-- Goods catalogue and SKU prices (issue 5): categories, specs, suppliers, products, SKUs, prices.
-- All projections of events (rebuilt by `npm run db:rebuild`); every table carries org_id.

-- §3 category, every groupName (productCategory = mallProduct, mallPriceApprovalGroups, menuCategory …)
CREATE TABLE categories (
  org_id text NOT NULL,
  app_id text NOT NULL DEFAULT '',
  id text PRIMARY KEY,
  parent_id text NOT NULL DEFAULT '-1',
  name text NOT NULL,
  group_name text NOT NULL,
  enable boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  is_package boolean NOT NULL DEFAULT false,
  extra_info jsonb NOT NULL DEFAULT '{}',
  is_delete boolean NOT NULL DEFAULT false
);
CREATE INDEX categories_org_group ON categories (org_id, group_name, sort, id);

-- §3 spec/setting: name, options, sort (default 99, §9)
CREATE TABLE specs (
  org_id text NOT NULL,
  app_id text NOT NULL DEFAULT '',
  id text PRIMARY KEY,
  name text NOT NULL,
  options jsonb NOT NULL DEFAULT '{}',
  sort integer NOT NULL DEFAULT 99
);
CREATE INDEX specs_org_name ON specs (org_id, name);

-- A supplier as a purchasing org sees it (§3 Supplier objectId; §9 types xg, sxps, jgpt): which supplier org
-- serves this org, under which of the supplier's purchaser role groups (M1) it buys.
CREATE TABLE mall_suppliers (
  org_id text NOT NULL,
  object_id text PRIMARY KEY,
  supplier_org_id text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  role_group_id text,
  status integer NOT NULL DEFAULT 1,
  enable boolean NOT NULL DEFAULT true,
  extra_info jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX mall_suppliers_org ON mall_suppliers (org_id);
CREATE INDEX mall_suppliers_supplier ON mall_suppliers (supplier_org_id);

-- §3 product: id, cid (category), status (approval status), isPackage, isUppershelf (§4 shelf toggle)
CREATE TABLE products (
  org_id text NOT NULL,
  id text PRIMARY KEY,
  name text NOT NULL,
  cid text,
  category_id text,
  status integer NOT NULL DEFAULT 1,
  is_package boolean NOT NULL DEFAULT false,
  is_uppershelf boolean NOT NULL DEFAULT true,
  raw_ripe text NOT NULL DEFAULT 'raw',
  unit text NOT NULL DEFAULT '',
  price_class text,
  extra_info jsonb NOT NULL DEFAULT '{}',
  is_delete boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX products_org ON products (org_id, is_delete, id);

CREATE TABLE skus (
  org_id text NOT NULL,
  sku_id text PRIMARY KEY,
  product_id text NOT NULL,
  name text NOT NULL,
  spec text NOT NULL DEFAULT '',
  unit text NOT NULL,
  sort integer NOT NULL DEFAULT 99,
  enable boolean NOT NULL DEFAULT true,
  extra_info jsonb NOT NULL DEFAULT '{}',
  is_delete boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX skus_org_product ON skus (org_id, product_id);

-- §3 SKU price; org_id is the supplier's org. Each price is its own stream skuprice-<id>.
CREATE TABLE sku_prices (
  org_id text NOT NULL,
  id text PRIMARY KEY,
  sku_id text NOT NULL,
  product_id text NOT NULL,
  supplier_id text NOT NULL,
  role_group_id text NOT NULL,
  price numeric(12, 2) NOT NULL,
  market_avg numeric(12, 2),
  is_check smallint NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  enable boolean NOT NULL DEFAULT true,
  is_delete boolean NOT NULL DEFAULT false,
  extra_info jsonb NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  checked_at timestamptz,
  checked_by text
);
CREATE INDEX sku_prices_org_check ON sku_prices (org_id, is_check, created_at DESC) WHERE NOT is_delete;
CREATE INDEX sku_prices_sku_group ON sku_prices (sku_id, role_group_id, created_at DESC);
CREATE INDEX sku_prices_queue ON sku_prices (is_check, created_at DESC) WHERE NOT is_delete;
