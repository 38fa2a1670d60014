-- Issue 24: the market list and the instrument header show the 24 h volume as turnover in the
-- quote currency (USDT), as exchanges do, not in coins. Each candle keeps its turnover `q`: the sum
-- of price × volume of every tick folded into it (core's applyTick), exact to 18 places; generated
-- history's steps trade their volume at their close (history.ts).
-- Candles recorded before this column have no ticks left to sum: NULL. Those of the last two days
-- (the 24 h window and the open candles the live state resumes from) are given volume × close,
-- the one estimate, so the list does not read near zero for the day after an upgrade.
ALTER TABLE candles ADD COLUMN q numeric(38, 18);
UPDATE candles SET q = v * c WHERE t >= (extract(epoch FROM now()) * 1000)::bigint - 2 * 86400000;
