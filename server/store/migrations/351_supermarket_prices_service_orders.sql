-- Issue 35. supermarketManage: a price survey may name the supermarket (a category of group mallPriceSupermarket in
-- the bureau's org) whose shelf it was read from, and carry a photo of the label. payToBuy: an org's service orders
-- (renewals and upgrades of its plan), projected from their streams (domain/aggregates/serviceOrder.ts).
ALTER TABLE price_surveys ADD COLUMN supermarket_id text;
ALTER TABLE price_surveys ADD COLUMN photo text NOT NULL DEFAULT '';
CREATE INDEX price_surveys_supermarket ON price_surveys (area, survey_date) WHERE NOT is_delete AND supermarket_id IS NOT NULL;

CREATE TABLE service_orders (
  org_id text NOT NULL,
  id text NOT NULL,
  edition text NOT NULL,
  years integer NOT NULL,
  amount numeric(12, 2) NOT NULL,
  method text NOT NULL,
  status text NOT NULL,
  placed_by text NOT NULL,
  placed_at timestamptz NOT NULL,
  reference text NOT NULL DEFAULT '',
  paid_at timestamptz,
  confirmed_by text,
  expiration timestamptz,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX service_orders_status ON service_orders (status, placed_at);
