-- One-time tickets for the live-update stream (issue 16): EventSource cannot send headers, so instead of the
-- access token and org key in its URL it carries a ticket that lives 60 s, is stored hashed and works once.
CREATE TABLE live_tickets (
  ticket_hash text PRIMARY KEY,
  user_id text NOT NULL,
  org_id text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX live_tickets_expiry ON live_tickets (expires_at);
