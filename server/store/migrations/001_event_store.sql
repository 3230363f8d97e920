-- The event store (ARCHITECTURE.md "Data"): events are the truth, projections are derived.
-- streams.stream_position gives per-stream optimistic concurrency: an append bumps it with
-- UPDATE ... WHERE stream_position = expected, so a concurrent append to the same stream fails.
CREATE TABLE streams (
  stream_id       text PRIMARY KEY,
  org_id          text NOT NULL,
  stream_type     text NOT NULL,
  stream_position bigint NOT NULL
);

CREATE TABLE events (
  position        bigserial PRIMARY KEY,
  org_id          text NOT NULL,
  stream_id       text NOT NULL,
  stream_version  bigint NOT NULL,
  type            text NOT NULL,
  data            jsonb NOT NULL,
  meta            jsonb NOT NULL,
  -- readers of the global log stay below pg_snapshot_xmin(pg_current_snapshot()) so no event of a
  -- still-open transaction is skipped (bigserial values become visible out of order).
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_version)
);
CREATE INDEX events_org_position ON events (org_id, position);
CREATE INDEX events_type ON events (type);
CREATE INDEX events_tx ON events (transaction_id, position);
