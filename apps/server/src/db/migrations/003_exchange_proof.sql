-- Flash exchange quotes and executions; proof-of-liabilities snapshots.

CREATE TABLE exchange_quotes (
  id uuid PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  from_asset text NOT NULL REFERENCES assets (code),
  to_asset text NOT NULL REFERENCES assets (code),
  from_amount numeric(38, 18) NOT NULL CHECK (from_amount > 0),
  to_amount numeric(38, 18) NOT NULL CHECK (to_amount > 0),
  rate numeric(38, 18) NOT NULL,
  spread numeric(38, 18) NOT NULL,
  -- The index prices the quote was made from, kept with it.
  from_price numeric(38, 18) NOT NULL,
  to_price numeric(38, 18) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX exchange_quotes_user ON exchange_quotes (user_id, created_at DESC);

CREATE TABLE exchanges (
  id bigserial PRIMARY KEY,
  quote_id uuid NOT NULL UNIQUE REFERENCES exchange_quotes (id),
  journal_id bigint NOT NULL REFERENCES journal (id),
  user_id bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exchanges_user ON exchanges (user_id, id DESC);

CREATE TABLE proof_snapshots (
  id bigserial PRIMARY KEY,
  root text NOT NULL,
  user_count integer NOT NULL,
  totals jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE proof_leaves (
  snapshot_id bigint NOT NULL REFERENCES proof_snapshots (id),
  user_id bigint NOT NULL REFERENCES users (id),
  leaf_index integer NOT NULL,
  nonce text NOT NULL,
  user_hash text NOT NULL,
  balances jsonb NOT NULL,
  leaf text NOT NULL,
  PRIMARY KEY (snapshot_id, user_id),
  UNIQUE (snapshot_id, leaf_index)
);
