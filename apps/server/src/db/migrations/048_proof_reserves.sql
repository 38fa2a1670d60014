-- Proof of reserves (docs/decisions/0141-proof-of-reserves.md): with each liabilities snapshot, every
-- address the platform holds USDT on, its balance at a named block, and its key's signature of a
-- statement naming the snapshot (null where the signing process did not hold that key). Kept with
-- the snapshot, never changed.
CREATE TABLE proof_reserves (
  snapshot_id bigint NOT NULL REFERENCES proof_snapshots (id),
  chain_id integer NOT NULL,
  chain_name text NOT NULL,
  block_number numeric(78, 0) NOT NULL CHECK (block_number >= 0),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  kind text NOT NULL CHECK (kind IN ('hot', 'deposit')),
  asset text NOT NULL,
  balance numeric(38, 18) NOT NULL CHECK (balance >= 0),
  signature text CHECK (signature ~ '^0x[0-9a-f]{130}$'),
  PRIMARY KEY (snapshot_id, chain_id, address)
);
