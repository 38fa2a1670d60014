-- Demo users a person comes back to (issue 13): "Try demo" on a device that keeps the demo key it
-- was given returns to the same demo user, and a signed-in real user has one demo user of their
-- own. Only the key's SHA-256 is stored; the key itself is given to the device once.
CREATE TABLE demo_accounts (
  demo_user_id bigint PRIMARY KEY REFERENCES users (id),
  key_hash text NOT NULL UNIQUE,
  -- The real user this demo user belongs to; NULL for a device's anonymous demo user. A paired
  -- demo user is reached through its owner's session only, never by key.
  owner_user_id bigint UNIQUE REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
