-- A sweep's transactions are signed and stored before they are broadcast (docs/decisions/0155-sweeps-stored-before-broadcast.md):
-- the raw bytes of the top-up and of the transfer, and the top-up's nonce, so a pass cut off after
-- its commit (before or after the broadcast) leaves a record the next pass follows, broadcasting
-- the same signed transaction again rather than signing a second one.
ALTER TABLE deposit_sweeps ADD COLUMN gas_raw_tx text;
ALTER TABLE deposit_sweeps ADD COLUMN gas_nonce bigint;
ALTER TABLE deposit_sweeps ADD COLUMN sweep_raw_tx text;
