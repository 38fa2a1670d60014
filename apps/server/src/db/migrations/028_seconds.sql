-- Seconds contracts (issue 17): up or down on an instrument's index over 30 s to 5 min, settled by
-- two stored index ticks and nothing else (PRODUCT.md honesty invariant 1). No column here is ever
-- written by an operator's action but the switch and the ratios, which only new contracts read.

-- The product's switch: one row. Off globally, or off for users whose verified nationality is listed.
CREATE TABLE seconds_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT true,
  blocked_countries text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO seconds_settings DEFAULT VALUES;

-- The periods each instrument offers and their profit ratios (the area seeds the crypto pairs).
CREATE TABLE seconds_periods (
  symbol text NOT NULL REFERENCES instruments (symbol),
  seconds integer NOT NULL CHECK (seconds > 0),
  ratio numeric(38, 18) NOT NULL CHECK (ratio > 0 AND ratio <= 2),
  PRIMARY KEY (symbol, seconds)
);

CREATE TABLE seconds_orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  symbol text NOT NULL REFERENCES instruments (symbol),
  -- Whose ticks decide it (the instrument's own index, or the one it follows).
  index_symbol text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('up', 'down')),
  period integer NOT NULL CHECK (period > 0),
  -- The ratio and stake as bought: a later change of the ratios never reaches this contract.
  ratio numeric(38, 18) NOT NULL CHECK (ratio > 0),
  stake numeric(38, 18) NOT NULL CHECK (stake > 0),
  asset text NOT NULL REFERENCES assets (code),
  -- 'opening' until the buy tick is known, 'trading' until settled, then 'completed'.
  status text NOT NULL CHECK (status IN ('opening', 'trading', 'completed')),
  -- When the server accepted the order (the platform clock): the buy tick is the first after it.
  accepted_at timestamptz NOT NULL,
  buy_price numeric(38, 18),
  buy_ts timestamptz,
  buy_source text,
  -- buy_ts + period.
  delivery_at timestamptz,
  settle_price numeric(38, 18),
  settle_ts timestamptz,
  settle_source text,
  result text CHECK (result IN ('win', 'loss', 'refund')),
  refund_reason text CHECK (refund_reason IN ('equal', 'too_few_ticks')),
  -- What came back to the contract account, and the profit or loss against the stake.
  returned numeric(38, 18),
  pnl numeric(38, 18),
  order_journal_id bigint NOT NULL REFERENCES journal (id),
  -- No foreign key (as migration 009 did for the orders' hot path): the settler writes thousands of
  -- these in one statement and a key's trigger per row cost more than the rest of the update; the
  -- ledger check reports a completed contract whose settlement posting is missing or not its own.
  settle_journal_id bigint,
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'completed') = (result IS NOT NULL AND settle_journal_id IS NOT NULL)),
  CHECK (status = 'opening' OR status = 'completed' OR (buy_ts IS NOT NULL AND delivery_at IS NOT NULL))
);
-- The settler's two questions: which contracts wait for their buy tick, which are due.
CREATE INDEX seconds_orders_opening ON seconds_orders (accepted_at) WHERE status = 'opening';
CREATE INDEX seconds_orders_due ON seconds_orders (delivery_at) WHERE status = 'trading';
CREATE INDEX seconds_orders_user ON seconds_orders (user_id, id DESC);
-- The loss share reads the settled contracts of the last 90 days.
CREATE INDEX seconds_orders_settled ON seconds_orders (settled_at) WHERE status = 'completed';
