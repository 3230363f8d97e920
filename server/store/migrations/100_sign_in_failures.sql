-- Failed password sign-ins of the last window (domain/signInThrottle.ts): operational state like sms_codes,
-- not events. A try is written before the password is checked and removed when it was right, so parallel
-- guesses count each other.
CREATE TABLE sign_in_failures (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  address text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_username ON sign_in_failures (username, at);
CREATE INDEX sign_in_failures_address ON sign_in_failures (address, at);
