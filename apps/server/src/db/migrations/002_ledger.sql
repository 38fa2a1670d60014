-- The double-entry ledger: assets, accounts (owner x kind x asset, available and frozen),
-- journal transactions and their entries. Every balance change is an entry; entries of one
-- journal transaction sum to zero per asset; user balances can never go negative.

CREATE TABLE assets (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{2,12}$'),
  name text NOT NULL,
  -- How many decimals users may use for amounts of this asset.
  decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 18),
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true
);

INSERT INTO assets (code, name, decimals, sort) VALUES
  ('USDT', 'Tether USD', 6, 1),
  ('BTC', 'Bitcoin', 8, 2),
  ('ETH', 'Ethereum', 8, 3),
  ('BNB', 'BNB', 8, 4),
  ('SOL', 'Solana', 8, 5),
  ('XRP', 'XRP', 6, 6),
  ('USD', 'US Dollar', 2, 7);

-- Reference (index) prices in USDT. The market-data feed keeps them current; until it runs,
-- these seeded values are the index.
CREATE TABLE index_prices (
  asset text PRIMARY KEY REFERENCES assets (code),
  price numeric(38, 18) NOT NULL CHECK (price > 0),
  source text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO index_prices (asset, price, source) VALUES
  ('USDT', 1, 'peg'),
  ('USD', 1, 'peg'),
  ('BTC', 67250.5, 'seed'),
  ('ETH', 3520.25, 'seed'),
  ('BNB', 585.4, 'seed'),
  ('SOL', 152.75, 'seed'),
  ('XRP', 0.5231, 'seed');

CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  owner_type text NOT NULL CHECK (owner_type IN ('user', 'platform', 'external')),
  owner text NOT NULL,
  kind text NOT NULL,
  asset text NOT NULL REFERENCES assets (code),
  available numeric(38, 18) NOT NULL DEFAULT 0,
  frozen numeric(38, 18) NOT NULL DEFAULT 0,
  UNIQUE (realm, owner_type, owner, kind, asset),
  CHECK (frozen >= 0),
  CHECK (owner_type <> 'user' OR available >= 0)
);
CREATE INDEX ledger_accounts_owner ON ledger_accounts (owner_type, owner);

CREATE TABLE journal (
  id bigserial PRIMARY KEY,
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  kind text NOT NULL,
  reference text,
  idempotency_key text UNIQUE,
  -- A fingerprint of the request, so a key reused for a different request is refused.
  request_hash text,
  -- What the request that made it answered, so the same key answers the same again.
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE journal_entries (
  id bigserial PRIMARY KEY,
  journal_id bigint NOT NULL REFERENCES journal (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  asset text NOT NULL,
  field text NOT NULL CHECK (field IN ('available', 'frozen')),
  amount numeric(38, 18) NOT NULL CHECK (amount <> 0)
);
CREATE INDEX journal_entries_account ON journal_entries (account_id, id DESC);
CREATE INDEX journal_entries_journal ON journal_entries (journal_id);

-- Own-account and user-to-user transfers, for their records pages.
CREATE TABLE transfers (
  id bigserial PRIMARY KEY,
  journal_id bigint NOT NULL REFERENCES journal (id),
  kind text NOT NULL CHECK (kind IN ('own', 'user')),
  from_user bigint NOT NULL REFERENCES users (id),
  to_user bigint NOT NULL REFERENCES users (id),
  from_account text NOT NULL,
  to_account text NOT NULL,
  asset text NOT NULL REFERENCES assets (code),
  amount numeric(38, 18) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transfers_from ON transfers (from_user, id DESC);
CREATE INDEX transfers_to ON transfers (to_user, id DESC);
