-- Referral's daily job (docs/decisions/0127-referral.md): what it reads of other areas, and how far it
-- has summed.

-- users: a referee's referrer, for the rebates and the team (columns may only be added at the end).
CREATE OR REPLACE VIEW user_directory AS
  SELECT id, kind, status, email, phone, wallet_address, nickname, system, vip_level, vip_volume, created_at,
         referrer_id
  FROM users;

-- The last platform day whose rebates were summed: the job locks this row, so two runs at once take
-- turns and the second finds the day done. NULL until the first run (it starts with yesterday).
ALTER TABLE referral_settings ADD COLUMN rebated_through date;

-- kyc: who is verified at which level, and since when (a referrer's valid members: basic verified
-- and a first deposit, counted as they stood at the end of the day evaluated).
CREATE VIEW kyc_verifications AS
  SELECT user_id, level, decided_at AS verified_at FROM kyc_applications WHERE status = 'approved';

-- A referrer's referees: its invitee count and team page, on every call, without reading every user.
CREATE INDEX users_referrer ON users (referrer_id) WHERE referrer_id IS NOT NULL;
