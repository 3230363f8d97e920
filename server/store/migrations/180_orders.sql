-- Orders (issue 11; §2 orderList, orderLogList, mallOrderSpec; §3 Order id, status, keyword), projected from the
-- order streams ('order-<id>') of the school that placed them, and the order settings ('orderSettings-<orgId>').
-- Keyed by org first (Citus readiness): an order's org is the school's; the supplier it was placed with is a
-- column the supplier's list filters on (a cross-shard read on Citus, like a purchaser's read of prices).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE orders (
  org_id text NOT NULL,
  id text NOT NULL,
  order_no text NOT NULL,
  org_name text NOT NULL DEFAULT '',
  supplier_org_id text NOT NULL,
  supplier_name text NOT NULL DEFAULT '',
  delivery_date date NOT NULL,
  status text NOT NULL,
  -- ¥ of the open lines; of what was received (null before receipt)
  amount numeric(14, 2) NOT NULL DEFAULT 0,
  received_amount numeric(14, 2),
  line_count integer NOT NULL DEFAULT 0,
  remark text NOT NULL DEFAULT '',
  reason text NOT NULL DEFAULT '',
  -- order number, school, supplier and product names, for /v4/mall/order/search
  keyword text NOT NULL DEFAULT '',
  created_by text NOT NULL,
  created_by_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  submitted_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
-- the list is newest first, 100 a page (§9), with or without a status filter, from the school's or the supplier's side
CREATE INDEX orders_org_created ON orders (org_id, created_at DESC, id DESC);
CREATE INDEX orders_org_status ON orders (org_id, status, created_at DESC, id DESC);
CREATE INDEX orders_supplier_created ON orders (supplier_org_id, created_at DESC, id DESC);
CREATE INDEX orders_supplier_status ON orders (supplier_org_id, status, created_at DESC, id DESC);
CREATE INDEX orders_keyword ON orders USING gin (keyword gin_trgm_ops);

CREATE TABLE order_lines (
  org_id text NOT NULL,
  order_id text NOT NULL,
  sku_id text NOT NULL,
  sort integer NOT NULL,
  product_id text NOT NULL,
  product_name text NOT NULL DEFAULT '',
  sku_name text NOT NULL DEFAULT '',
  spec text NOT NULL DEFAULT '',
  unit text NOT NULL DEFAULT '',
  category_id text,
  quantity numeric(14, 3) NOT NULL,
  price numeric(14, 2),
  amount numeric(14, 2) NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'open',
  refuse_reason text NOT NULL DEFAULT '',
  received_quantity numeric(14, 3),
  received_amount numeric(14, 2),
  remark text NOT NULL DEFAULT '',
  PRIMARY KEY (org_id, order_id, sku_id)
);

CREATE TABLE order_settings (
  org_id text NOT NULL,
  cutoff_days integer NOT NULL,
  cutoff_time text NOT NULL,
  minimum_amount numeric(14, 2) NOT NULL,
  supplier_may_change_quantity boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id)
);
