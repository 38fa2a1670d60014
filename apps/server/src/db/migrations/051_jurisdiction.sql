-- Rules by jurisdiction (docs/decisions/0146-jurisdictions.md): an operator-set profile per country.
-- A country without a row has the platform's own rules. Seeded with ESMA's (the EU's 27, the EEA's
-- three more) and the FCA's alike (GB): no seconds contracts (retail binary options are banned),
-- leverage caps by class, no deposit bonuses for CFD trading. The back office edits them.
CREATE TABLE jurisdiction_profiles (
  country text PRIMARY KEY CHECK (country ~ '^[A-Z]{2}$'),
  seconds_allowed boolean NOT NULL,
  -- {"majorFx": 30, ...}: the highest leverage per ESMA class; a class left out is not capped further.
  leverage_caps jsonb NOT NULL DEFAULT '{}',
  cfd_bonuses boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO jurisdiction_profiles (country, seconds_allowed, leverage_caps, cfd_bonuses)
SELECT c, false,
       '{"majorFx": 30, "otherFx": 20, "goldIndex": 20, "otherCommodity": 10, "stock": 5, "crypto": 2}'::jsonb,
       false
  FROM unnest(ARRAY['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
                    'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS',
                    'LI', 'NO', 'GB']) AS c
ON CONFLICT (country) DO NOTHING;
