-- Returns (issue 11; §2 mallOrderReturnManage, §3 Return order returnId), projected from the return streams
-- ('orderReturn-<id>') of the school that made them, in the org of the order they return goods of. Keyed by org
-- first (Citus readiness); the supplier's list filters on supplier_org_id (a cross-shard read, like its orders).
CREATE TABLE order_returns (
  org_id text NOT NULL,
  id text NOT NULL,
  return_no text NOT NULL,
  order_id text NOT NULL,
  order_no text NOT NULL,
  org_name text NOT NULL DEFAULT '',
  supplier_org_id text NOT NULL,
  supplier_name text NOT NULL DEFAULT '',
  status text NOT NULL,
  reason text NOT NULL DEFAULT '',
  -- the supplier's reason when it disputes
  dispute_reason text NOT NULL DEFAULT '',
  photos jsonb NOT NULL DEFAULT '[]',
  -- ¥ of the returned lines (quantity × the order line's price, to the fen)
  amount numeric(14, 2) NOT NULL DEFAULT 0,
  line_count integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_by_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX order_returns_org_created ON order_returns (org_id, created_at DESC, id DESC);
CREATE INDEX order_returns_order ON order_returns (org_id, order_id);
CREATE INDEX order_returns_supplier_created ON order_returns (supplier_org_id, created_at DESC, id DESC);

CREATE TABLE order_return_lines (
  org_id text NOT NULL,
  return_id text NOT NULL,
  sku_id text NOT NULL,
  order_id text NOT NULL,
  sort integer NOT NULL,
  product_name text NOT NULL DEFAULT '',
  sku_name text NOT NULL DEFAULT '',
  unit text NOT NULL DEFAULT '',
  price numeric(14, 2) NOT NULL,
  quantity numeric(14, 3) NOT NULL,
  amount numeric(14, 2) NOT NULL,
  PRIMARY KEY (org_id, return_id, sku_id)
);
-- what an order's standing returns already take back, per line
CREATE INDEX order_return_lines_order ON order_return_lines (org_id, order_id, sku_id);
