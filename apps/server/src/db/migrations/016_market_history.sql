-- Which instruments have their generated history (market/history.ts). A server fills it in the
-- background after it starts listening, one instrument a transaction with its candles, so a
-- restart resumes with the instruments still missing and never writes one twice.
CREATE TABLE market_history (
  symbol text PRIMARY KEY REFERENCES instruments (symbol),
  filled_at timestamptz NOT NULL DEFAULT now()
);

-- A database from before this table generated all its history at its first start (or none, with
-- MARKET_HISTORY=0, and then never did): either way, a platform with candles has what it gets.
INSERT INTO market_history (symbol)
SELECT symbol FROM instruments WHERE EXISTS (SELECT 1 FROM candles);
