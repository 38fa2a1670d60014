-- Chain deposits (issue 15). Each user's deposit address per chain, as the chain platform derived
-- it: the watcher reads USDT transfers to these addresses only, so an address nobody owns is
-- never recorded. Addresses are stored lower-case (logs are compared as such).
CREATE TABLE deposit_addresses (
  chain_id integer NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, user_id),
  UNIQUE (chain_id, address)
);

-- Every USDT transfer seen to a deposit address. The unique key (chain, tx hash, log index) is what
-- makes a log delivered twice (a rescan, two watchers, a restart) one deposit, credited once.
-- pending: waiting for confirmations; credited: posted to the ledger (journal_id); below_minimum:
-- under the published minimum, recorded and never credited; dropped: its log left the chain in a
-- reorg before it was credited (it comes back to pending if the same log is mined again).
CREATE TABLE deposits (
  id bigserial PRIMARY KEY,
  chain_id integer NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  address text NOT NULL,
  asset text NOT NULL DEFAULT 'USDT',
  amount numeric(38, 18) NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('pending', 'credited', 'below_minimum', 'dropped')),
  confirmations integer NOT NULL DEFAULT 0,
  confirmations_needed integer NOT NULL,
  journal_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  credited_at timestamptz,
  UNIQUE (chain_id, tx_hash, log_index),
  CHECK ((status = 'credited') = (journal_id IS NOT NULL AND credited_at IS NOT NULL))
);
CREATE INDEX deposits_by_user ON deposits (user_id, id DESC);
CREATE INDEX deposits_pending ON deposits (chain_id, id) WHERE status = 'pending';
CREATE INDEX deposits_by_status ON deposits (status, id DESC);

-- How far the watcher has read each chain: the last block scanned and its hash (a different hash
-- there on the next scan is a reorg under the cursor: it steps back and reads again), the head
-- when last asked and the last scan's error, for the back office.
-- A chain whose first scan failed has a row with its error and no block yet.
CREATE TABLE deposit_cursors (
  chain_id integer PRIMARY KEY,
  block_number bigint,
  block_hash text,
  head bigint,
  scanned_at timestamptz,
  error text
);
