-- Issue 23: positions on instruments quoted in a currency other than USD were valued as if that
-- currency were USDT (USD/JPY's margin, fees and PnL 155 times too large, EUR/GBP's 0.79 times).
-- Those open when this migration runs were opened that way: they are marked here, and the engines'
-- owner settles them before it loads its books (positions/revalue.ts): closed at their entry price
-- with no PnL, their margin and the fees charged on them returned (reason 'revalued').
ALTER TABLE positions ADD COLUMN misvalued boolean NOT NULL DEFAULT false;
UPDATE positions p SET misvalued = true
  FROM instruments i
 WHERE i.symbol = p.symbol AND p.status = 'open' AND i.quote NOT IN ('USD', 'USDT');
ALTER TABLE positions DROP CONSTRAINT positions_close_reason_check;
ALTER TABLE positions ADD CONSTRAINT positions_close_reason_check
  CHECK (close_reason IN ('user', 'tp', 'sl', 'liquidation', 'reverse', 'closeall', 'revalued'));
