-- Issue 27: how a session was opened. A person signed in by an SMS code has proved his phone; at his first sign-in
-- with an initial password he never learnt, he chooses his own without typing the initial one.
ALTER TABLE access_tokens ADD COLUMN sign_in_method text NOT NULL DEFAULT 'password';
