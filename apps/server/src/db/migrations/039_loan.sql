-- Loans (issue 26; docs/decisions/0125-loans.md). Products from the back office; an application
-- waits for an operator (two above LOAN_SECOND_APPROVAL_ABOVE), whose approval freezes the collateral
-- in the user's funding account at the index price and credits the principal from the treasury.
-- One repayment of principal and interest; live LTV with margin call and liquidation.

CREATE TABLE loan_products (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  asset text NOT NULL REFERENCES assets (code),
  min_amount numeric(38, 18) NOT NULL CHECK (min_amount > 0),
  max_amount numeric(38, 18) NOT NULL,
  -- A subset of 7, 15, 30, 60, 90 days.
  terms integer[] NOT NULL CHECK (cardinality(terms) > 0 AND terms <@ ARRAY[7, 15, 30, 60, 90]),
  daily_rate numeric(38, 18) NOT NULL CHECK (daily_rate > 0 AND daily_rate <= 0.1),
  initial_ltv numeric(38, 18) NOT NULL,
  margin_call_ltv numeric(38, 18) NOT NULL,
  liquidation_ltv numeric(38, 18) NOT NULL,
  collateral_assets text[] NOT NULL CHECK (cardinality(collateral_assets) > 0),
  -- 'closed': no new application; running loans go on.
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_amount >= min_amount),
  CHECK (initial_ltv > 0 AND initial_ltv < margin_call_ltv AND margin_call_ltv < liquidation_ltv AND liquidation_ltv < 1)
);

-- The decision's product: BTC and ETH collateral, 0.05% a day, 65/80/90%.
INSERT INTO loan_products (name, asset, min_amount, max_amount, terms, daily_rate, initial_ltv, margin_call_ltv,
    liquidation_ltv, collateral_assets, sort) VALUES
  ('USDT loan', 'USDT', 100, 50000, ARRAY[7, 15, 30, 60, 90], 0.0005, 0.65, 0.8, 0.9, ARRAY['BTC', 'ETH'], 1);

-- One per user, replaced by a new submission (the reviewer reads the one on file).
CREATE TABLE loan_certifications (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  fields jsonb NOT NULL,
  submitted_at timestamptz NOT NULL
);

CREATE TABLE loans (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  product_id bigint NOT NULL REFERENCES loan_products (id),
  asset text NOT NULL,
  -- Every figure the loan uses, copied from the product when applying: a later change never reaches it.
  amount numeric(38, 18) NOT NULL CHECK (amount > 0),
  term_days integer NOT NULL CHECK (term_days IN (7, 15, 30, 60, 90)),
  daily_rate numeric(38, 18) NOT NULL,
  interest numeric(38, 18) NOT NULL,
  initial_ltv numeric(38, 18) NOT NULL,
  margin_call_ltv numeric(38, 18) NOT NULL,
  liquidation_ltv numeric(38, 18) NOT NULL,
  collateral_asset text NOT NULL REFERENCES assets (code),
  -- The quote's until approved; then what is frozen (more when the user adds; 0 once closed is kept as it was).
  collateral_amount numeric(38, 18) NOT NULL CHECK (collateral_amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rejected', 'active', 'repaid', 'liquidated')),
  approvals_needed integer NOT NULL CHECK (approvals_needed IN (1, 2)),
  applied_at timestamptz NOT NULL,
  approved_at timestamptz,
  due_at timestamptz,
  closed_at timestamptz,
  reason text,
  -- Set when the LTV crosses the margin-call level (noticed once), cleared when it falls back below.
  margin_called_at timestamptz,
  overdue_noticed_at timestamptz,
  -- The application's idempotency key (scoped to the user) and its request's fingerprint.
  apply_key text NOT NULL UNIQUE,
  apply_hash text NOT NULL,
  disburse_journal_id bigint REFERENCES journal (id),
  close_journal_id bigint REFERENCES journal (id),
  -- What was paid (loanRepayment) or how it was liquidated (loanLiquidation), as answered.
  repayment jsonb,
  liquidation jsonb,
  -- A liquidation's shortfall not yet paid, and the posting that paid it.
  debt numeric(38, 18) NOT NULL DEFAULT 0 CHECK (debt >= 0),
  debt_journal_id bigint REFERENCES journal (id),
  CHECK ((status IN ('active', 'repaid', 'liquidated')) = (approved_at IS NOT NULL AND disburse_journal_id IS NOT NULL)),
  CHECK ((status IN ('repaid', 'liquidated')) = (close_journal_id IS NOT NULL))
);
-- One pending application per user.
CREATE UNIQUE INDEX loans_one_pending ON loans (user_id) WHERE status = 'pending';
CREATE INDEX loans_user ON loans (user_id, id DESC);
-- The watch job walks the active ones.
CREATE INDEX loans_active ON loans (id) WHERE status = 'active';
CREATE INDEX loans_status ON loans (status, id);

-- One row per approving operator: the four-eyes rule counts them (never the same one twice).
CREATE TABLE loan_approvals (
  loan_id bigint NOT NULL REFERENCES loans (id),
  operator_id bigint NOT NULL REFERENCES operators (id),
  at timestamptz NOT NULL,
  PRIMARY KEY (loan_id, operator_id)
);
