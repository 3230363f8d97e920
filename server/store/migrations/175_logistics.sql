-- Deliveries (issue 11; §2 mallLogisticsManage, mallDeliveryManage; §3 Logistics id, orderId), projected from the
-- delivery streams ('logistics-<id>') of the supplier that drives them. Keyed by org first (Citus readiness): a
-- delivery's org is the supplier's; a stop names the school it goes to, which the school's read filters on (a
-- cross-shard read on Citus, like the supplier's read of orders).
CREATE TABLE logistics (
  org_id text NOT NULL,
  id text NOT NULL,
  delivery_date date NOT NULL,
  route_id text NOT NULL,
  route_name text NOT NULL DEFAULT '',
  vehicle text NOT NULL DEFAULT '',
  driver_name text NOT NULL DEFAULT '',
  driver_phone text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  -- planned, onRoad, done (domain/logistics.ts logisticsStatus)
  status text NOT NULL,
  stop_count integer NOT NULL DEFAULT 0,
  arrived_count integer NOT NULL DEFAULT 0,
  -- route, vehicle, driver, schools and order numbers, for /v4/mall/logistics/search
  keyword text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX logistics_org_date ON logistics (org_id, delivery_date DESC, route_id);

CREATE TABLE logistics_stops (
  org_id text NOT NULL,
  logistics_id text NOT NULL,
  order_id text NOT NULL,
  sort integer NOT NULL,
  order_no text NOT NULL DEFAULT '',
  school_org_id text NOT NULL,
  school_name text NOT NULL DEFAULT '',
  -- pending, departed, arrived (domain/logistics.ts)
  status text NOT NULL DEFAULT 'pending',
  departed_at timestamptz,
  arrived_at timestamptz,
  PRIMARY KEY (org_id, logistics_id, order_id)
);
-- an order is on one delivery at most; the school reads the deliveries of its orders
CREATE INDEX logistics_stops_order ON logistics_stops (org_id, order_id);
CREATE INDEX logistics_stops_school ON logistics_stops (school_org_id, logistics_id);
