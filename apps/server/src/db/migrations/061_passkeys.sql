-- Passkeys (WebAuthn) as a second way in (docs/decisions/0163-passkeys.md), owned by the auth area.
-- A credential an authenticator made for a user: its id (base64url), COSE public key (base64url), the
-- signature counter it last showed (a lower one means a cloned key), the transports it said it speaks.
CREATE TABLE passkeys (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  sign_count bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- A challenge the server handed out for a registration (user_id set) or a sign-in (user_id NULL),
-- kept as its SHA-256: it lives a few minutes and is spent by the first answer that names it.
CREATE TABLE passkey_challenges (
  challenge_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'login')),
  user_id bigint REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK ((purpose = 'register') = (user_id IS NOT NULL))
);
