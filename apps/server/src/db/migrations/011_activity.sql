-- Facts between areas (issue 12): each product's settlement writes one activity record per user
-- and fill, in its own transaction, and the areas that need a user's trading (VIP volume now,
-- referral rebates later) read these, never another area's trade table. A trade against one's own
-- order is one record (its fee is both sides' fees).
CREATE TABLE trade_activity (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  product text NOT NULL,
  symbol text NOT NULL,
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  notional numeric(38, 18) NOT NULL CHECK (notional >= 0),
  fee numeric(38, 18) NOT NULL CHECK (fee >= 0),
  -- The ledger's record of the fill: the one reference every product shares.
  journal_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trade_activity_time ON trade_activity (created_at);

-- The spot trades made before: their records, as the settlement writes them now.
INSERT INTO trade_activity (user_id, product, symbol, realm, notional, fee, journal_id, created_at)
SELECT o.user_id, 'spot', t.symbol, t.realm, trunc(t.price * t.qty, 18), sum(side.fee), t.journal_id, t.created_at
FROM spot_trades t
CROSS JOIN LATERAL (VALUES (t.maker_order, t.maker_fee), (t.taker_order, t.taker_fee)) AS side (order_id, fee)
JOIN spot_orders o ON o.id = side.order_id
GROUP BY t.id, o.user_id, t.symbol, t.realm, t.price, t.qty, t.journal_id, t.created_at
ORDER BY t.id;
