-- Users, sessions, verification codes, captchas, wallet nonces, the dev outbox,
-- agreements, settings, operators and the audit log.

CREATE SEQUENCE user_id_seq START WITH 10000001;

CREATE TABLE users (
  id bigint PRIMARY KEY DEFAULT nextval('user_id_seq'),
  kind text NOT NULL CHECK (kind IN ('real', 'demo')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  email text UNIQUE CHECK (email = lower(email)),
  phone text UNIQUE,
  wallet_address text UNIQUE CHECK (wallet_address = lower(wallet_address)),
  password_hash text,
  trade_password_hash text,
  nickname text NOT NULL,
  avatar text,
  invite_code text NOT NULL UNIQUE,
  referrer_id bigint REFERENCES users (id),
  vip_level integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER SEQUENCE user_id_seq OWNED BY users.id;

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE verification_codes (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  target text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX verification_codes_target ON verification_codes (target, purpose, created_at DESC);

CREATE TABLE captchas (
  id uuid PRIMARY KEY,
  answer_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE login_failures (
  account text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_failed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE siwe_nonces (
  nonce text PRIMARY KEY,
  address text NOT NULL,
  chain_id integer NOT NULL,
  domain text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  target text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_target ON outbox (target, id DESC);

CREATE TABLE agreements (
  key text NOT NULL,
  language text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, language)
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE operators (
  id bigserial PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'reviewer', 'support')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  operator_id bigint REFERENCES operators (id),
  action text NOT NULL,
  target text,
  detail jsonb NOT NULL DEFAULT '{}',
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_action ON audit_log (action, id DESC);
