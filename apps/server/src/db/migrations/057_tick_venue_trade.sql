-- The venue trade behind an index tick (docs/decisions/0152-tick-heads-page-and-venue-trades.md):
-- with a venue feed, the venue's name and its own trade id, hashed into the tick's chain link (v2),
-- so a user can find the trade in the venue's public data. Both or neither: a simulated tick has none.
ALTER TABLE index_ticks
  ADD COLUMN venue text CHECK (venue ~ '^[A-Za-z0-9._-]{1,64}$'),
  ADD COLUMN venue_trade text CHECK (venue_trade ~ '^[A-Za-z0-9._-]{1,64}$'),
  ADD CONSTRAINT index_ticks_venue_trade_both CHECK ((venue IS NULL) = (venue_trade IS NULL));
