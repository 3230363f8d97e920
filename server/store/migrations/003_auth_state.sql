-- Operational sign-in state. Not projections: short-lived secrets that are never replayed.
-- (Sign-ins and sign-outs are still recorded as events for the operation log.)
CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX access_tokens_user ON access_tokens (user_id);

CREATE TABLE sms_codes (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX sms_codes_phone ON sms_codes (phone, created_at DESC);
CREATE INDEX sms_codes_address ON sms_codes (address, created_at DESC);

CREATE TABLE captchas (
  id text PRIMARY KEY,
  kind text NOT NULL,
  answer text NOT NULL,
  expires_at timestamptz NOT NULL,
  solved_at timestamptz
);

CREATE TABLE qr_codes (
  id text PRIMARY KEY,
  status text NOT NULL,
  user_id text,
  token text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
