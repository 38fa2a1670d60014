-- Manual balance adjustments: one operator asks with a reason, a second one decides.
CREATE TABLE ledger_adjustments (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  account text NOT NULL CHECK (account IN ('funding', 'contract', 'fiat')),
  asset text NOT NULL REFERENCES assets (code),
  amount numeric(38, 18) NOT NULL CHECK (amount <> 0),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_by bigint NOT NULL REFERENCES operators (id),
  decided_by bigint REFERENCES operators (id),
  journal_id bigint REFERENCES journal (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX ledger_adjustments_status ON ledger_adjustments (status, id DESC);
