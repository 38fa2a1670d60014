-- Identity verification (issue 14): one row per application for a level. A level's state is its
-- latest application's: pending (under review), approved (verified) or rejected with the
-- operator's reason; none, not verified. The fields are the validated request, kept as submitted
-- (the photos as the ids of the user's own kyc uploads).
CREATE TABLE kyc_applications (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  level text NOT NULL CHECK (level IN ('basic', 'advanced')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  fields jsonb NOT NULL,
  reason text CHECK (char_length(reason) BETWEEN 1 AND 500),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by bigint REFERENCES operators (id),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'rejected') = (reason IS NOT NULL))
);
-- One application under review per user and level, so two submits racing cannot both pass; and a
-- level is verified once.
CREATE UNIQUE INDEX kyc_one_pending ON kyc_applications (user_id, level) WHERE status = 'pending';
CREATE UNIQUE INDEX kyc_one_approved ON kyc_applications (user_id, level) WHERE status = 'approved';
-- A user's latest application per level; the back office's queue.
CREATE INDEX kyc_by_user ON kyc_applications (user_id, level, id DESC);
CREATE INDEX kyc_queue ON kyc_applications (status, id);
