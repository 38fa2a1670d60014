-- Funding of perpetual positions (issue 16). One row per instrument, realm and funding time: the
-- rate charged then, the mark it was charged at and the dealer's net exposure it came from. Its
-- primary key is what makes a funding time charged once, whatever restarts or runners: the job
-- inserts it in the same transaction as the payments, and a time that has its row is done.
CREATE TABLE funding_rates (
  symbol text NOT NULL,
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  funding_time timestamptz NOT NULL,
  rate numeric(38, 18) NOT NULL,
  mark numeric(38, 18) NOT NULL,
  net_exposure numeric(38, 18) NOT NULL,
  positions int NOT NULL,
  -- What users paid in all (signed: + = users paid the dealer).
  total numeric(38, 18) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (symbol, realm, funding_time)
);

-- One row per position and funding time: what it paid (+) or received (-), and the ledger posting
-- that moved it. The unique key is the second guard against charging a position twice.
CREATE TABLE funding_payments (
  id bigserial PRIMARY KEY,
  position_id bigint NOT NULL,
  user_id bigint NOT NULL,
  realm text NOT NULL,
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('long', 'short')),
  funding_time timestamptz NOT NULL,
  lots numeric(38, 18) NOT NULL,
  mark numeric(38, 18) NOT NULL,
  rate numeric(38, 18) NOT NULL,
  amount numeric(38, 18) NOT NULL,
  journal_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (position_id, funding_time)
);
CREATE INDEX funding_payments_by_user ON funding_payments (user_id, id DESC);
