-- How many decimals every screen shows of an asset (issue 13): one rule, the same balance reading
-- the same on the trade screen, in Assets and in the back office. `decimals` stays what users may
-- type; display is at most that, and amounts are cut (never rounded up) to it.
ALTER TABLE assets ADD COLUMN display_decimals integer;
UPDATE assets SET display_decimals = CASE
  WHEN code IN ('USDT', 'USD') THEN 2
  WHEN code = 'BTC' THEN 8
  ELSE least(decimals, 6)
END;
ALTER TABLE assets ALTER COLUMN display_decimals SET NOT NULL;
ALTER TABLE assets ADD CONSTRAINT assets_display_decimals CHECK (display_decimals BETWEEN 0 AND decimals);
