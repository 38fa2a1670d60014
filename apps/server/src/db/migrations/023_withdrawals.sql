-- Withdrawals and their address book (issue 15).

-- The user's saved withdrawal addresses: EIP-55 checksummed, one coin on one chain each.
CREATE TABLE withdraw_addresses (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  remark text NOT NULL DEFAULT '',
  currency text NOT NULL,
  chain_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdraw_addresses_by_user ON withdraw_addresses (user_id, id DESC);

-- One row per withdrawal. Its amount (fee included) is frozen in the user's funding account from
-- the request on, in the same transaction that writes the row; it leaves the freeze exactly once:
-- to the chain's external account and the fees account when confirmed, or back to available when
-- rejected or failed. `approvals_needed` (0 to 2) is fixed at request by the review thresholds.
CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  asset text NOT NULL,
  chain_id integer NOT NULL,
  address text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  amount numeric(38, 18) NOT NULL CHECK (amount > 0),
  fee numeric(38, 18) NOT NULL CHECK (fee >= 0 AND fee < amount),
  status text NOT NULL CHECK (status IN ('reviewing', 'approved', 'waiting_funds', 'sent', 'completed', 'rejected', 'failed')),
  approvals_needed smallint NOT NULL CHECK (approvals_needed BETWEEN 0 AND 2),
  reason text,
  nonce bigint,
  tx_hash text,
  -- The signed transaction, kept from before it is broadcast, so one the node lost is sent again
  -- as it was (same nonce, same hash) and never signed twice.
  raw_tx text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status IN ('sent', 'completed')) <= (tx_hash IS NOT NULL AND nonce IS NOT NULL))
);
CREATE INDEX withdrawals_by_user ON withdrawals (user_id, id DESC);
CREATE INDEX withdrawals_open ON withdrawals (status, id) WHERE status IN ('reviewing', 'approved', 'waiting_funds', 'sent');
-- Two withdrawals never share a nonce on one chain.
CREATE UNIQUE INDEX withdrawals_nonce ON withdrawals (chain_id, nonce) WHERE nonce IS NOT NULL;

-- Every operator's decision on a withdrawal; an operator decides one withdrawal once, so a large
-- one's two approvals are two different people.
CREATE TABLE withdrawal_decisions (
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  operator_id bigint NOT NULL REFERENCES operators (id),
  decision text NOT NULL CHECK (decision IN ('approve', 'reject')),
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (withdrawal_id, operator_id)
);

-- The hot wallet's next nonce per chain: the one sender takes it under this row's lock.
CREATE TABLE hot_wallet_nonces (
  chain_id integer PRIMARY KEY,
  address text NOT NULL,
  next_nonce bigint NOT NULL CHECK (next_nonce >= 0)
);
