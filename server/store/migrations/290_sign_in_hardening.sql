-- Issue 29: a slide captcha is bound to the phone it was drawn for (subject), and the sign-in rows anonymous callers
-- leave behind (QR codes, SMS codes, captchas, throttle logs) are purged by age (server/modules/passport/purge.ts):
-- indexes on the columns the purge reads.
ALTER TABLE captchas ADD COLUMN subject text;
CREATE INDEX captchas_expires ON captchas (expires_at);
CREATE INDEX qr_codes_expires ON qr_codes (expires_at);
CREATE INDEX sms_codes_expires ON sms_codes (expires_at);
CREATE INDEX captcha_requests_at ON captcha_requests (at);
CREATE INDEX sign_in_failures_at ON sign_in_failures (at);
