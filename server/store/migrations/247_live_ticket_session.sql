-- Issue 27: a live-update ticket belongs to the session that took it (the access token, stored hashed as in
-- access_tokens) and the org-app it was taken for, so the stream it opens can be checked against that session
-- and the member's standing there, and ends with them. Tickets are short-lived: the old ones are simply dropped.
DELETE FROM live_tickets;
ALTER TABLE live_tickets ADD COLUMN token_hash text NOT NULL;
ALTER TABLE live_tickets ADD COLUMN app_id text NOT NULL;
CREATE INDEX live_tickets_session ON live_tickets (token_hash);
