-- The index ticks as a hash chain per instrument (docs/decisions/0142-tick-chain.md): each tick's place
-- and hash, and each minute's head (its last tick's hash), kept after the ticks are pruned. Ticks
-- stored before this have none; an instrument's chain starts at its next tick.
ALTER TABLE index_ticks ADD COLUMN seq bigint, ADD COLUMN hash text;
-- One writer at a time: a second feed writing the same place fails instead of forking the chain.
CREATE UNIQUE INDEX index_ticks_symbol_seq ON index_ticks (symbol, seq) WHERE seq IS NOT NULL;

CREATE TABLE tick_chain_heads (
  symbol text NOT NULL REFERENCES instruments (symbol),
  minute timestamptz NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (symbol, minute)
);
CREATE INDEX tick_chain_heads_symbol_seq ON tick_chain_heads (symbol, seq DESC);
