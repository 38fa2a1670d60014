-- Sweeps of deposit addresses to the hot wallet, and why a withdrawal failed (issue 15).

-- One row per sweep of a (chain, deposit address): its USDT moved to the hot wallet, the gas for
-- it topped up first from the gas account. At most one row per address is open (not `swept`):
-- pending: to sweep, or its token transfer sent (sweep_tx_hash) and not yet mined;
-- gas_sent: the gas account's top-up sent (gas_tx_hash), the token transfer comes after it is mined;
-- skipped: not swept now, and why (reason: dust, gas_price, gas_underfunded, rpc, reverted; detail:
-- the raw text), tried again on every pass, shown in the back office;
-- swept: done (the token transfer mined); `covers_deposit_id` is the newest credited deposit whose
-- tokens it moved, so a credited deposit starts a new sweep only once (the chain's balance is what
-- is moved: an address emptied moves nothing twice).
-- Amounts: `amount` is USDT (exact decimal); the native coin is in wei (integers, never a ledger
-- asset: gas is the platform's cost, recorded here, see docs/decisions/0067-sweeps-signer-on-worker.md).
CREATE TABLE deposit_sweeps (
  id bigserial PRIMARY KEY,
  chain_id integer NOT NULL,
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  user_id bigint NOT NULL REFERENCES users (id),
  status text NOT NULL CHECK (status IN ('pending', 'gas_sent', 'swept', 'skipped')),
  reason text CHECK (reason IN ('dust', 'gas_price', 'gas_underfunded', 'rpc', 'reverted')),
  detail text,
  amount numeric(38, 18) CHECK (amount >= 0),
  covers_deposit_id bigint NOT NULL,
  gas_tx_hash text,
  gas_wei numeric(78, 0) CHECK (gas_wei >= 0),
  sweep_tx_hash text,
  sweep_nonce bigint,
  fee_wei numeric(78, 0) NOT NULL DEFAULT 0 CHECK (fee_wei >= 0),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  swept_at timestamptz,
  CHECK ((status = 'skipped') = (reason IS NOT NULL)),
  -- A swept row with no transaction: the address held nothing by then (already moved).
  CHECK ((status = 'swept') = (swept_at IS NOT NULL))
);
CREATE UNIQUE INDEX deposit_sweeps_open ON deposit_sweeps (chain_id, address) WHERE status <> 'swept';
CREATE INDEX deposit_sweeps_by_address ON deposit_sweeps (chain_id, address, id DESC);
CREATE INDEX deposit_sweeps_by_status ON deposit_sweeps (status, id DESC);

-- The gas account each chain's signer pays sweeps' gas from: its address, as the signer (the only
-- process with its key) last wrote it, so the back office reads its balance without the key.
CREATE TABLE sweep_gas_accounts (
  chain_id integer PRIMARY KEY,
  address text NOT NULL,
  checked_at timestamptz NOT NULL
);

-- Why a withdrawal failed on chain: the kind (reverted, dropped, out_of_gas) the app translates,
-- and the raw text (the revert reason, the node's words) beside it.
ALTER TABLE withdrawals ADD COLUMN failure_kind text CHECK (failure_kind IN ('reverted', 'dropped', 'out_of_gas'));
ALTER TABLE withdrawals ADD COLUMN failure_detail text;
