-- Issue 34: one member sign-in. Members order fruit on the storefront with its member session (member_sessions);
-- the fruit mall's own member tokens are gone.
DROP TABLE IF EXISTS member_tokens;

-- what a campaign took off an order, and the group buy that placed it
ALTER TABLE fruit_orders ADD COLUMN list_amount numeric(12, 2);
ALTER TABLE fruit_orders ADD COLUMN discount numeric(12, 2) NOT NULL DEFAULT 0;
ALTER TABLE fruit_orders ADD COLUMN campaign_name text;
ALTER TABLE fruit_orders ADD COLUMN groupon_id text;

-- a member asked a refund of a missed day
ALTER TABLE fruit_order_days ADD COLUMN refund_requested_at timestamptz;
ALTER TABLE fruit_order_days ADD COLUMN refund_reason text;

-- a member's orders are his member id's in the fruit org (no longer a phone across orgs)
DROP INDEX IF EXISTS fruit_orders_member;
CREATE INDEX fruit_orders_member ON fruit_orders (org_id, member_user_id, created_at DESC);
