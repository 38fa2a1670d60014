-- Market data: the instrument registry, index ticks, candles, favourites.

INSERT INTO assets (code, name, decimals, sort) VALUES
  ('ADA', 'Cardano', 6, 10), ('DOGE', 'Dogecoin', 6, 11), ('TRX', 'TRON', 6, 12), ('TON', 'Toncoin', 6, 13),
  ('AVAX', 'Avalanche', 8, 14), ('DOT', 'Polkadot', 8, 15), ('LINK', 'Chainlink', 8, 16), ('POL', 'Polygon', 6, 17),
  ('LTC', 'Litecoin', 8, 18), ('BCH', 'Bitcoin Cash', 8, 19), ('UNI', 'Uniswap', 8, 20), ('ATOM', 'Cosmos', 8, 21),
  ('XLM', 'Stellar', 6, 22), ('NEAR', 'NEAR Protocol', 8, 23), ('APT', 'Aptos', 8, 24)
ON CONFLICT (code) DO NOTHING;

CREATE TABLE instruments (
  symbol text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('spot', 'perp', 'cfd')),
  class text NOT NULL CHECK (class IN ('crypto', 'stock', 'forex', 'metal', 'commodity')),
  base text NOT NULL,
  quote text NOT NULL,
  -- The instrument whose index this one follows (a perpetual follows its spot pair); NULL: its own.
  index_symbol text REFERENCES instruments (symbol),
  tick_size numeric(38, 18) NOT NULL CHECK (tick_size > 0),
  lot_size numeric(38, 18) NOT NULL CHECK (lot_size > 0),
  min_notional numeric(38, 18) NOT NULL CHECK (min_notional >= 0),
  max_leverage integer NOT NULL CHECK (max_leverage BETWEEN 1 AND 125),
  maker_fee numeric(38, 18) NOT NULL,
  taker_fee numeric(38, 18) NOT NULL,
  stamp_duty numeric(38, 18) NOT NULL DEFAULT 0,
  session text NOT NULL CHECK (session IN ('always', 'forex', 'us-stock', 'metal', 'commodity')),
  -- An operator's halt; 'closed' by session and 'halted' by a stale feed are worked out live.
  admin_halted boolean NOT NULL DEFAULT false,
  start_price numeric(38, 18) NOT NULL CHECK (start_price > 0),
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE index_ticks (
  symbol text NOT NULL REFERENCES instruments (symbol),
  ts timestamptz NOT NULL,
  price numeric(38, 18) NOT NULL,
  source text NOT NULL
);
CREATE INDEX index_ticks_symbol_ts ON index_ticks (symbol, ts DESC);

CREATE TABLE candles (
  symbol text NOT NULL REFERENCES instruments (symbol),
  interval text NOT NULL CHECK (interval IN ('1m', '5m', '15m', '1h', '4h', '1d', '1w')),
  t bigint NOT NULL,
  o numeric(38, 18) NOT NULL,
  h numeric(38, 18) NOT NULL,
  l numeric(38, 18) NOT NULL,
  c numeric(38, 18) NOT NULL,
  v numeric(38, 18) NOT NULL,
  PRIMARY KEY (symbol, interval, t)
);

CREATE TABLE user_favorites (
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL REFERENCES instruments (symbol),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, symbol)
);
