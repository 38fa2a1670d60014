-- ESMA's margin close-out (docs/decisions/0150-margin-close-out.md). A country's profile gets a
-- close-out level: a position is closed when its equity falls to that fraction of its initial
-- margin (notional at the mark / leverage); NULL: none beyond the instrument's maintenance brackets.
-- ESMA's and the FCA's rows (seeded by 051 with their caps) get 0.5.
ALTER TABLE jurisdiction_profiles ADD COLUMN close_out_level NUMERIC(38, 18)
  CHECK (close_out_level IS NULL OR (close_out_level > 0 AND close_out_level < 1));

UPDATE jurisdiction_profiles SET close_out_level = 0.5
 WHERE country IN ('AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
                   'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS',
                   'LI', 'NO', 'GB');

-- A position's close-out floor, fixed when it opens from its owner's country: the lowest maintenance
-- rate it is held to (level / leverage: 0.25 for a 2x position at 0.5). 0: the brackets alone.
-- An opening order carries it from the order's placing to its fill (a limit entry may rest).
ALTER TABLE positions ADD COLUMN close_out NUMERIC(38, 18) NOT NULL DEFAULT 0
  CHECK (close_out >= 0 AND close_out < 1);
ALTER TABLE position_orders ADD COLUMN close_out NUMERIC(38, 18) NOT NULL DEFAULT 0
  CHECK (close_out >= 0 AND close_out < 1);
