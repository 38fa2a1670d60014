-- Bank deposits (issue 15): the platform's bank account users pay into, as an admin sets it (one
-- row), and one row per deposit a user reports with its payment proof. An approved deposit names
-- the journal posting that credited it, so it is credited once and traceably.
CREATE TABLE bank_deposit_account (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  bank_name text NOT NULL,
  account_name text NOT NULL,
  account_number text NOT NULL,
  swift text,
  iban text,
  instructions text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES operators (id)
);

CREATE TABLE bank_deposits (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  asset text NOT NULL REFERENCES assets (code),
  amount numeric(38, 18) NOT NULL CHECK (amount > 0),
  reference text NOT NULL CHECK (char_length(reference) BETWEEN 1 AND 64),
  proof_upload_id uuid NOT NULL REFERENCES uploads (id),
  -- The platform's account as the user was shown it when reporting the payment.
  paid_to jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text CHECK (char_length(reason) BETWEEN 1 AND 500),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by bigint REFERENCES operators (id),
  journal_id bigint REFERENCES journal (id),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'rejected') = (reason IS NOT NULL)),
  CHECK ((status = 'approved') = (journal_id IS NOT NULL))
);
-- A user's records; the back office's queue.
CREATE INDEX bank_deposits_by_user ON bank_deposits (user_id, id DESC);
CREATE INDEX bank_deposits_queue ON bank_deposits (status, id);
-- One payment proof backs one deposit: the same receipt sent twice could otherwise be credited
-- twice. A rejected deposit frees its proof (the user may send it again with the right amount).
CREATE UNIQUE INDEX bank_deposits_one_per_proof ON bank_deposits (proof_upload_id) WHERE status <> 'rejected';
