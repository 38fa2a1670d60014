-- Accounts the platform itself trades from (the market maker): users the ledger can hold and the
-- books can match, but not customers: left out of the proof of liabilities and of logins.
ALTER TABLE users ADD COLUMN system boolean NOT NULL DEFAULT false;
