-- Issue 28: placing an order is idempotent. An order placed with an Idempotency-Key header keeps the key and a
-- fingerprint of the request body; a second request with the key answers the first order (same body) or 422 (another
-- body). The key is unique per school (org first, for Citus), so of two racing requests one order is written and the
-- other reads it.
ALTER TABLE orders ADD COLUMN idempotency_key text, ADD COLUMN request_fingerprint text;
CREATE UNIQUE INDEX orders_idempotency_key ON orders (org_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
