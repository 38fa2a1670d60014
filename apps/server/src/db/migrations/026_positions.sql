-- Leveraged positions (issue 16): perpetuals and CFDs on one engine. A USDT-margined isolated
-- position in lots at leverage 1..cap; at most one open position per (user, realm, symbol, side).
-- Like spot's rows, these carry no foreign keys (migration 009): the ledger check reports an order
-- or a position that names a missing user or instrument.

-- Per-instrument position rules (perp and cfd instruments): seeded from the catalogue with
-- per-class defaults on every start (what is missing only), editable in the back office.
CREATE TABLE position_rules (
  symbol text PRIMARY KEY,
  spread NUMERIC(38, 18) NOT NULL CHECK (spread >= 0 AND spread < 1),
  min_lots NUMERIC(38, 18) NOT NULL CHECK (min_lots > 0),
  -- Maintenance brackets, ascending: [{"notionalUpTo": "50000" | null, "rate": "0.004"}], the last null.
  brackets jsonb NOT NULL,
  liquidation_fee_rate NUMERIC(38, 18) NOT NULL CHECK (liquidation_fee_rate >= 0),
  liquidation_fee_cap NUMERIC(38, 18) NOT NULL CHECK (liquidation_fee_cap >= 0),
  funding_interval_hours int NOT NULL DEFAULT 8 CHECK (funding_interval_hours > 0),
  funding_clamp NUMERIC(38, 18) NOT NULL DEFAULT 0.0075 CHECK (funding_clamp >= 0),
  -- The dealer's net lots (longs - shorts of open positions) per realm, at most in either direction.
  exposure_cap NUMERIC(38, 18) NOT NULL CHECK (exposure_cap > 0)
);

CREATE TABLE positions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  symbol text NOT NULL,
  product text NOT NULL CHECK (product IN ('perp', 'cfd')),
  side text NOT NULL CHECK (side IN ('long', 'short')),
  lots NUMERIC(38, 18) NOT NULL CHECK (lots >= 0),
  entry_price NUMERIC(38, 18) NOT NULL,
  leverage int NOT NULL CHECK (leverage >= 1),
  -- What stays frozen in the user's contract USDT for this position (0 once closed).
  margin NUMERIC(38, 18) NOT NULL CHECK (margin >= 0),
  tp NUMERIC(38, 18),
  sl NUMERIC(38, 18),
  fees NUMERIC(38, 18) NOT NULL DEFAULT 0,
  stamp_duty NUMERIC(38, 18) NOT NULL DEFAULT 0,
  -- Signed total: + paid by the user, - received.
  funding NUMERIC(38, 18) NOT NULL DEFAULT 0,
  realised_pnl NUMERIC(38, 18) NOT NULL DEFAULT 0,
  close_price NUMERIC(38, 18),
  close_reason text CHECK (close_reason IN ('user', 'tp', 'sl', 'liquidation', 'reverse', 'closeall')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  opened_at timestamptz NOT NULL,
  closed_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX positions_one_open ON positions (user_id, realm, symbol, side) WHERE status = 'open';
CREATE INDEX positions_open_symbol ON positions (symbol, realm) WHERE status = 'open';
CREATE INDEX positions_user_closed ON positions (user_id, id) WHERE status = 'closed';

CREATE TABLE position_orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  symbol text NOT NULL,
  product text NOT NULL CHECK (product IN ('perp', 'cfd')),
  -- The position's side it opens (open) or closes (close, liquidate); reverse: the side it closes.
  side text NOT NULL CHECK (side IN ('long', 'short')),
  type text NOT NULL CHECK (type IN ('market', 'limit')),
  action text NOT NULL CHECK (action IN ('open', 'close', 'reverse', 'liquidate')),
  position_id bigint,
  lots NUMERIC(38, 18) NOT NULL CHECK (lots > 0),
  -- A limit entry's price; a market order's: the fill price its reservation was computed at.
  price NUMERIC(38, 18),
  leverage int NOT NULL CHECK (leverage >= 1),
  tp NUMERIC(38, 18),
  sl NUMERIC(38, 18),
  -- What the order holds frozen in the user's contract USDT (margin + fee + stamp duty while open).
  frozen NUMERIC(38, 18) NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  -- 'new': stored, not matched yet (market orders and closes); 'open': a resting limit entry.
  status text NOT NULL CHECK (status IN ('new', 'open', 'filled', 'cancelled', 'rejected')),
  fill_price NUMERIC(38, 18),
  reason text,
  -- Why a close closes (user, tp, sl, liquidation, reverse, closeall).
  close_reason text,
  idempotency_key text,
  request_hash text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- Closes take their idempotency here (they freeze nothing, so no journal row answers them first).
CREATE UNIQUE INDEX position_orders_key ON position_orders (idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX position_orders_live ON position_orders (symbol, realm, id) WHERE status IN ('new', 'open');
CREATE INDEX position_orders_user ON position_orders (user_id, id);
