-- Issue 24: each close of a position as its own record (a partial close, the last one, a reverse's
-- close, a liquidation): its lots, price, fee and realised PnL, why, and the TP/SL trigger it
-- followed. The history shows a closed position's size, average exit and every partial close from
-- them; the position row itself ends with 0 lots and 0 margin.
CREATE TABLE position_closes (
  id bigserial PRIMARY KEY,
  position_id bigint NOT NULL,
  order_id bigint NOT NULL,
  lots NUMERIC(38, 18) NOT NULL CHECK (lots > 0),
  price NUMERIC(38, 18) NOT NULL,
  -- NULL for closes made before this record existed (their fee and PnL were not kept apart).
  fee NUMERIC(38, 18),
  realised_pnl NUMERIC(38, 18),
  reason text NOT NULL,
  -- The take-profit or stop-loss price a 'tp' or 'sl' close was triggered at.
  trigger_price NUMERIC(38, 18),
  closed_at timestamptz NOT NULL
);
CREATE INDEX position_closes_position ON position_closes (position_id, id);

-- Closes and liquidations filled before: their lots and price are known (a reverse's order points
-- at the position it opened, so its close is not recoverable and the row reads "--").
INSERT INTO position_closes (position_id, order_id, lots, price, reason, closed_at)
SELECT o.position_id, o.id, o.lots, o.fill_price,
       COALESCE(o.close_reason, CASE WHEN o.action = 'liquidate' THEN 'liquidation' ELSE 'user' END), o.updated_at
  FROM position_orders o
 WHERE o.action IN ('close', 'liquidate') AND o.status = 'filled' AND o.position_id IS NOT NULL
   AND o.fill_price IS NOT NULL
 ORDER BY o.id;
