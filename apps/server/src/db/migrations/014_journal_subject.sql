-- What a journal transaction is about, as a fact the ledger keeps (issue 13): for spot's
-- movements, the instrument, so balance history can read "Buy BTC/USDT" without reading spot's
-- tables. NULL where the kind says it all (transfers, exchange, grants, adjustments).
ALTER TABLE journal ADD COLUMN subject text;

-- The spot movements written before: their orders' instruments, as the writers name them now
-- (a trade's reference is "maker/taker", both orders of the same instrument).
UPDATE journal j SET subject = o.symbol
FROM spot_orders o
WHERE j.kind IN ('spot.freeze', 'spot.release', 'spot.trade') AND j.subject IS NULL
  AND o.id::text = split_part(j.reference, '/', 1);
