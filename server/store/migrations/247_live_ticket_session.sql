-- Issue 27: a live-update ticket belongs to the session that took it (the access token, stored hashed as in
-- access_tokens) and the org-app it was taken for, so the stream it opens can be checked against that session
-- and the member's standing there, and ends with them. Tickets are short-lived: the old ones are simply dropped.
DELETE FROM live_tickets;
ALTER TABLE live_tickets ADD COLUMN token_hash text NOT NULL;
ALTER TABLE live_tickets ADD COLUMN app_id text NOT NULL;
CREATE INDEX live_tickets_session ON live_tickets (token_hash);

-- The open streams of every server process, by session: the per-session cap holds across processes. A process
-- marks its streams seen on every standing check and removes them as they end; one that died leaves rows that
-- stop counting once unseen for a few seconds.
CREATE TABLE live_streams (
  stream_id text PRIMARY KEY,
  token_hash text NOT NULL,
  seen_at timestamptz NOT NULL
);
CREATE INDEX live_streams_session ON live_streams (token_hash, seen_at);
