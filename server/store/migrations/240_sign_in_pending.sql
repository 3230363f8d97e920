-- A password try is written before its password is checked (so parallel guesses count each other for the 429
-- throttle) and deleted when the password was right. Until then it is pending, not a failure: the captcha gate
-- (domain/signInThrottle.ts PENDING_TRY) decides on settled failures and waits briefly on pending tries, so people
-- signing in to one account at the same moment with the right password no longer meet the captcha.
-- Rows written before this migration are settled failures (default false); SMS-code failures are never pending.
ALTER TABLE sign_in_failures ADD COLUMN pending boolean NOT NULL DEFAULT false;
