-- Issue 5, remaining mall endpoints.

-- Import sessions (price import, product import): rows staged batch by batch, each batch validated when it
-- arrives; the commit appends every event of the import in one transaction, so an import is all or nothing.
-- Not projections: short-lived working state of one user's upload (the commit's events are the record).
CREATE TABLE import_sessions (
  id text PRIMARY KEY,
  org_id text NOT NULL,
  user_id text NOT NULL,
  kind text NOT NULL,
  options jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX import_sessions_org ON import_sessions (org_id, user_id);
CREATE TABLE import_rows (
  session_id text NOT NULL REFERENCES import_sessions (id) ON DELETE CASCADE,
  row integer NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (session_id, row)
);

-- Price surveys (priceSurveyVoucher, educationPriceSurveyVoucher): market prices recorded by a bureau for goods
-- of its area, per SKU or product, with a §9 price class; they feed the market average of new prices.
CREATE TABLE price_surveys (
  org_id text NOT NULL,
  id text PRIMARY KEY,
  area text NOT NULL DEFAULT '',
  kind text NOT NULL DEFAULT 'supplier',
  supplier_org_id text,
  product_id text,
  sku_id text,
  product_name text NOT NULL,
  price_class text NOT NULL,
  price numeric(12, 2) NOT NULL,
  survey_date date NOT NULL,
  source text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  is_delete boolean NOT NULL DEFAULT false,
  created_by text,
  created_at timestamptz NOT NULL
);
CREATE INDEX price_surveys_area_sku ON price_surveys (area, sku_id, survey_date) WHERE NOT is_delete;
CREATE INDEX price_surveys_area_product ON price_surveys (area, product_id, survey_date) WHERE NOT is_delete;
CREATE INDEX price_surveys_org ON price_surveys (org_id, survey_date DESC) WHERE NOT is_delete;

-- Delivery routes (routeManage, §3 Route objectId, isDelete; §6 M7 visibility by manageRoleNames).
CREATE TABLE mall_routes (
  org_id text NOT NULL,
  object_id text PRIMARY KEY,
  name text NOT NULL,
  role_group_id text,
  manage_role_names jsonb NOT NULL DEFAULT '[]',
  purchaser_org_ids jsonb NOT NULL DEFAULT '[]',
  delivery_user_ids jsonb NOT NULL DEFAULT '[]',
  sort integer NOT NULL DEFAULT 0,
  remark text NOT NULL DEFAULT '',
  is_delete boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL
);
CREATE INDEX mall_routes_org ON mall_routes (org_id, is_delete, sort);
