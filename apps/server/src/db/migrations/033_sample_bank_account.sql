-- Issue 24: on the embedded default (PGlite, not production) the platform starts with a sample bank
-- account so bank deposits can be tried; it is marked, users are told to send no money there, and
-- the operator's own account replaces it (saving one clears the mark). Production never seeds it.
ALTER TABLE bank_deposit_account ADD COLUMN sample boolean NOT NULL DEFAULT false;
