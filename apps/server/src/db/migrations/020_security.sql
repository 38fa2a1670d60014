-- Security centre (issue 14).
--
-- The transaction password's mode says which password guards money leaving an account:
--   login  it follows the login password (the seed's default): a change or a reset changes both;
--   own    the user set one of their own, kept in trade_password_hash, separate from then on;
--   none   there is none yet (a wallet-login user until they set one).
-- While it follows the login password there is no copy of that hash: the check reads password_hash.
ALTER TABLE users ADD COLUMN trade_password_mode text NOT NULL DEFAULT 'none'
  CHECK (trade_password_mode IN ('login', 'own', 'none'));
UPDATE users SET trade_password_mode = CASE
    WHEN trade_password_hash IS NULL THEN 'none'
    WHEN trade_password_hash = password_hash THEN 'login'
    ELSE 'own'
  END;
UPDATE users SET trade_password_hash = NULL WHERE trade_password_mode = 'login';
ALTER TABLE users ADD CONSTRAINT users_trade_password_own
  CHECK ((trade_password_mode = 'own') = (trade_password_hash IS NOT NULL));

-- Wrong transaction passwords, one row each, so the lockout (5 in 15 minutes) holds across
-- restarts and instances. A right password clears them.
CREATE TABLE trade_password_failures (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  failed_at timestamptz NOT NULL
);
CREATE INDEX trade_password_failures_user ON trade_password_failures (user_id, failed_at);

-- Active sessions as the user sees them: a public id to name one by (never the token's hash),
-- the device the app reported, the address and the time it was last seen (written at most once a
-- minute per session, not per request).
ALTER TABLE sessions ADD COLUMN public_id text NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE sessions ADD CONSTRAINT sessions_public_id UNIQUE (public_id);
ALTER TABLE sessions ADD COLUMN device text;
ALTER TABLE sessions ADD COLUMN ip text;
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
