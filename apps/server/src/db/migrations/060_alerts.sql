-- Price alerts (docs/decisions/0160-price-alerts.md): a user's threshold on an instrument's index
-- price. A percent move is stored as the price it means (target) beside the percent asked for and the
-- price it was measured from. An alert fires once: the conditional update from 'active' to
-- 'triggered' is what decides, whichever process heard the tick.
CREATE TABLE price_alerts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL,
  condition text NOT NULL CHECK (condition IN ('rises_to', 'falls_to', 'up_percent', 'down_percent')),
  percent NUMERIC(38, 18),
  base_price NUMERIC(38, 18) NOT NULL,
  target NUMERIC(38, 18) NOT NULL CHECK (target > 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'triggered')),
  created_at timestamptz NOT NULL,
  triggered_at timestamptz,
  triggered_price NUMERIC(38, 18),
  CHECK ((condition IN ('up_percent', 'down_percent')) = (percent IS NOT NULL)),
  CHECK ((status = 'triggered') = (triggered_at IS NOT NULL AND triggered_price IS NOT NULL))
);
-- A user's list, and the count against the limit.
CREATE INDEX price_alerts_user ON price_alerts (user_id, status);
-- What the watch loads: every active alert, or one instrument's.
CREATE INDEX price_alerts_active ON price_alerts (symbol) WHERE status = 'active';
