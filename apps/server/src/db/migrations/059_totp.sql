-- Two-factor sign-in with an authenticator app (docs/decisions/0156-totp-two-factor.md).
-- A user's shared secret: set up (enabled_at NULL) until the first code confirms it. last_step is the
-- latest time step accepted: a code of that step or an earlier one is spent (no replay).
CREATE TABLE totp_secrets (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  secret text NOT NULL,
  created_at timestamptz NOT NULL,
  enabled_at timestamptz,
  last_step bigint NOT NULL DEFAULT 0
);

-- The one-time recovery codes shown once at enabling, kept as SHA-256 hashes (80 random bits each).
CREATE TABLE totp_recovery_codes (
  user_id bigint NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- A password (or wallet) sign-in of an account with two-factor on waits here for its code: a short-lived
-- challenge, one use, a few tries. `account` is what the login failures count under.
CREATE TABLE login_challenges (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  account text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX login_challenges_user ON login_challenges (user_id);
