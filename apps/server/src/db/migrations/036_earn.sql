-- Earn products (issue 26; docs/decisions/0120-earn.md): managed (escrow), arbitrage and mining
-- products on one engine. A subscription's principal is frozen in its owner's funding account; each
-- whole UTC day after the subscription day pays principal x daily rate (rounded down to 8 places)
-- from the realm's treasury; principal comes back after the cycle's last day, or early less a penalty.

CREATE TABLE earn_products (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('managed', 'arbitrage', 'mining')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  asset text NOT NULL REFERENCES assets (code),
  min_amount numeric(38, 18) NOT NULL CHECK (min_amount > 0),
  max_amount numeric(38, 18) NOT NULL,
  cycle_days integer NOT NULL CHECK (cycle_days BETWEEN 1 AND 3650),
  -- One daily rate (rate_min = rate_max) or a range spread linearly over the amount range.
  rate_min numeric(38, 18) NOT NULL CHECK (rate_min > 0),
  rate_max numeric(38, 18) NOT NULL,
  -- Early redemption keeps back principal x this, never more than the yield already paid.
  penalty_rate numeric(38, 18) NOT NULL CHECK (penalty_rate BETWEEN 0 AND 1),
  -- 'closed': no new subscription; those running go on to their end.
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_amount >= min_amount),
  CHECK (rate_max >= rate_min AND rate_max <= 0.1)
);

-- Samples, one of each kind, as an operator would set them up; the back office changes them.
INSERT INTO earn_products (kind, name, asset, min_amount, max_amount, cycle_days, rate_min, rate_max, penalty_rate, sort) VALUES
  ('managed', 'Managed USDT 7 days', 'USDT', 100, 100000, 7, 0.005, 0.005, 0.02, 1),
  ('managed', 'Managed USDT 30 days', 'USDT', 500, 500000, 30, 0.006, 0.008, 0.03, 2),
  ('arbitrage', 'Arbitrage USDT 15 days', 'USDT', 1000, 200000, 15, 0.007, 0.009, 0.05, 3),
  ('mining', 'Mining hardware 90 days', 'USDT', 5000, 1000000, 90, 0.008, 0.012, 0.1, 4);

CREATE TABLE earn_subscriptions (
  id bigserial PRIMARY KEY,
  -- No foreign keys on the rows the daily accrual updates by the million (as migration 009): the
  -- ledger check vouches for them instead.
  user_id bigint NOT NULL,
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  product_id bigint NOT NULL,
  asset text NOT NULL,
  -- The owner's funding ledger account for the asset: the accrual's statement credits it by id.
  account_id bigint NOT NULL,
  -- As subscribed: a later change of the product never reaches this subscription.
  principal numeric(38, 18) NOT NULL CHECK (principal > 0),
  daily_rate numeric(38, 18) NOT NULL CHECK (daily_rate > 0),
  daily_yield numeric(38, 18) NOT NULL CHECK (daily_yield >= 0),
  cycle_days integer NOT NULL CHECK (cycle_days > 0),
  penalty_rate numeric(38, 18) NOT NULL,
  subscribed_at timestamptz NOT NULL,
  -- The first and last days earning (UTC): the day after subscribing, and cycle_days later.
  first_day date NOT NULL,
  last_day date NOT NULL,
  -- The last day paid (the subscription day before any payment) and what was paid in all.
  paid_through date NOT NULL,
  paid_total numeric(38, 18) NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
  end_reason text CHECK (end_reason IN ('matured', 'redeemed')),
  penalty numeric(38, 18),
  ended_at timestamptz,
  subscribe_journal_id bigint NOT NULL,
  end_journal_id bigint,
  CHECK (paid_through >= first_day - 1 AND paid_through <= last_day),
  CHECK ((status = 'ended') = (end_reason IS NOT NULL AND end_journal_id IS NOT NULL))
) WITH (fillfactor = 80);
-- The accrual walks the active ones in id order.
CREATE INDEX earn_subscriptions_active ON earn_subscriptions (id) WHERE status = 'active';
CREATE INDEX earn_subscriptions_user ON earn_subscriptions (user_id, id DESC);

-- One row per subscription and day paid: the key that makes a day paid once, however many runs or
-- instances try. journal_id: the posting that paid it (one per realm and batch).
CREATE TABLE earn_payouts (
  subscription_id bigint NOT NULL,
  day date NOT NULL,
  amount numeric(38, 18) NOT NULL,
  journal_id bigint NOT NULL,
  PRIMARY KEY (subscription_id, day)
);
