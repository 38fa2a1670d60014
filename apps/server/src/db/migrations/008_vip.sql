-- VIP fee levels: VIP0 to VIP5 by 30-day spot volume (USDT), each with a multiplier on the
-- instruments' fee rates. Operators edit the schedule; an hourly job works out every user's
-- 30-day volume from their trades and stores it with the level it reaches.
CREATE TABLE vip_levels (
  level integer PRIMARY KEY CHECK (level BETWEEN 0 AND 5),
  min_volume numeric(38, 18) NOT NULL CHECK (min_volume >= 0),
  fee_multiplier numeric(38, 18) NOT NULL CHECK (fee_multiplier > 0 AND fee_multiplier <= 1),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- VIP0 is where everyone starts. That minimums rise with the level is checked when an
  -- operator saves the whole schedule, in the same transaction.
  CHECK (level > 0 OR min_volume = 0)
);
INSERT INTO vip_levels (level, min_volume, fee_multiplier) VALUES
  (0, 0, 1.00),
  (1, 50000, 0.90),
  (2, 250000, 0.80),
  (3, 1000000, 0.70),
  (4, 5000000, 0.60),
  (5, 20000000, 0.50);

-- The level and the 30-day volume it came from, per user (users.vip_level exists since 001).
ALTER TABLE users
  ADD COLUMN vip_volume numeric(38, 18) NOT NULL DEFAULT 0 CHECK (vip_volume >= 0),
  ADD CONSTRAINT users_vip_level_range CHECK (vip_level BETWEEN 0 AND 5),
  ADD CONSTRAINT users_vip_level_fk FOREIGN KEY (vip_level) REFERENCES vip_levels (level);
-- The fee cache loads the users above VIP0 at every start and recompute.
CREATE INDEX users_vip ON users (id) WHERE vip_level > 0 OR vip_volume > 0;

-- When levels were last worked out from the trades (one row).
CREATE TABLE vip_recompute (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  computed_at timestamptz NOT NULL
);

-- The recompute reads the last 30 days of trades.
CREATE INDEX spot_trades_created ON spot_trades (created_at);
