-- Spot orders and trades. An order is durable (funds frozen, row written) before it is
-- acknowledged; the market's engine then matches it and writes its trades, the orders' fills and
-- the ledger movements in one transaction. 'new' orders are matched again after a restart.
CREATE TABLE spot_orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  symbol text NOT NULL REFERENCES instruments (symbol),
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  type text NOT NULL CHECK (type IN ('limit', 'market')),
  price numeric(38, 18),
  qty numeric(38, 18) NOT NULL CHECK (qty > 0),
  filled numeric(38, 18) NOT NULL DEFAULT 0,
  quote_filled numeric(38, 18) NOT NULL DEFAULT 0,
  fee numeric(38, 18) NOT NULL DEFAULT 0,
  frozen_asset text NOT NULL,
  -- What is still frozen for this order; released when it ends.
  frozen numeric(38, 18) NOT NULL CHECK (frozen >= 0),
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'open', 'partial', 'filled', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (filled <= qty)
);
CREATE INDEX spot_orders_user ON spot_orders (user_id, id DESC);
CREATE INDEX spot_orders_live ON spot_orders (symbol, realm, id) WHERE status IN ('new', 'open', 'partial');

CREATE TABLE spot_trades (
  id bigserial PRIMARY KEY,
  realm text NOT NULL,
  symbol text NOT NULL REFERENCES instruments (symbol),
  price numeric(38, 18) NOT NULL,
  qty numeric(38, 18) NOT NULL,
  taker_side text NOT NULL,
  maker_order bigint NOT NULL REFERENCES spot_orders (id),
  taker_order bigint NOT NULL REFERENCES spot_orders (id),
  maker_fee numeric(38, 18) NOT NULL,
  taker_fee numeric(38, 18) NOT NULL,
  journal_id bigint NOT NULL REFERENCES journal (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX spot_trades_symbol ON spot_trades (symbol, realm, id DESC);
CREATE INDEX spot_trades_orders ON spot_trades (maker_order);
CREATE INDEX spot_trades_taker ON spot_trades (taker_order);
