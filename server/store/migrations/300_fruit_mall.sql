-- Issue 34, the fresh-fruit mall: the schools a fruit org (org kind 'fruit') serves, its members' orders day by day,
-- and member sessions (a parent signed in on the storefront by SMS: not a staff account, so not access_tokens).
-- A fruit org's goods are catalogue products and SKUs (products, skus), their offer in skus.extra_info.fruit.
CREATE TABLE fruit_schools (
  org_id text NOT NULL,
  school_org_id text NOT NULL,
  PRIMARY KEY (org_id, school_org_id)
);
CREATE INDEX fruit_schools_school ON fruit_schools (school_org_id);

CREATE TABLE fruit_orders (
  org_id text NOT NULL,
  id text NOT NULL,
  order_no text NOT NULL,
  member_phone text NOT NULL,
  member_org_id text NOT NULL,
  member_user_id text NOT NULL,
  member_name text NOT NULL,
  member_level text NOT NULL,
  child_name text NOT NULL,
  school_org_id text NOT NULL,
  school_name text NOT NULL,
  grade text NOT NULL,
  class_name text NOT NULL,
  sku_id text NOT NULL,
  product_id text NOT NULL,
  sku_name text NOT NULL,
  spec text NOT NULL,
  unit text NOT NULL,
  plan text NOT NULL,
  quantity integer NOT NULL,
  unit_price numeric(12, 2) NOT NULL,
  day_amount numeric(12, 2) NOT NULL,
  amount numeric(12, 2) NOT NULL,
  refunded numeric(12, 2) NOT NULL DEFAULT 0,
  payment text NOT NULL,
  payment_ref text NOT NULL DEFAULT '',
  status text NOT NULL,
  idempotency_key text,
  request_fingerprint text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX fruit_orders_member ON fruit_orders (member_phone, created_at DESC);
CREATE UNIQUE INDEX fruit_orders_idempotency ON fruit_orders (org_id, member_phone, idempotency_key) WHERE idempotency_key IS NOT NULL;

CREATE TABLE fruit_order_days (
  org_id text NOT NULL,
  order_id text NOT NULL,
  day date NOT NULL,
  sku_id text NOT NULL,
  school_org_id text NOT NULL,
  quantity integer NOT NULL,
  amount numeric(12, 2) NOT NULL,
  status text NOT NULL,
  PRIMARY KEY (org_id, order_id, day)
);
CREATE INDEX fruit_order_days_day ON fruit_order_days (org_id, day, school_org_id);
CREATE INDEX fruit_order_days_sku ON fruit_order_days (org_id, sku_id, day);

CREATE TABLE member_tokens (
  token_hash text PRIMARY KEY,
  phone text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX member_tokens_expires ON member_tokens (expires_at);
CREATE INDEX product_members_phone_any ON product_members (phone_number);
