-- Electronic scales (issue 11, §2 mallElectronicWeightManage): the scales a school registers for receiving,
-- projected from the scale streams ('scale-<id>') of the school's org. Keyed by org first (Citus readiness).
CREATE TABLE scales (
  org_id text NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  model text NOT NULL DEFAULT '',
  -- mettlerContinuous | asciiStGs | simulated (domain/scale.ts SCALE_PROTOCOLS)
  protocol text NOT NULL,
  baud_rate integer NOT NULL,
  -- percent of the ordered weight, or grams
  tolerance_kind text NOT NULL,
  tolerance numeric(10, 2) NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
-- a name is the school's own (checked under a lock by the handler; the index keeps it true)
CREATE UNIQUE INDEX scales_org_name ON scales (org_id, name);
