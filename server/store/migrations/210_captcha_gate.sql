-- Issue 15, a captcha after failed tries (domain/signInThrottle.ts CAPTCHA_GATE): failed SMS-code sign-ins are
-- counted beside failed passwords, each with its kind (the password throttle still counts passwords only), and
-- captchas handed out are logged per client address so drawing them can be limited.
ALTER TABLE sign_in_failures ADD COLUMN kind text NOT NULL DEFAULT 'password';

CREATE TABLE captcha_requests (
  id bigserial PRIMARY KEY,
  address text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX captcha_requests_address ON captcha_requests (address, at);
