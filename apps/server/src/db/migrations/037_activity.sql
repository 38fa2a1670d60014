-- Deposit-bonus activities (docs/decisions/0121-activities.md): an operator's offer (deposit the
-- target in USDT within 7 days of booking, get the bonus), and each user's one booking of it.
-- Live realm only: demo users cannot deposit, so they cannot book.
CREATE TABLE activities (
  id bigserial PRIMARY KEY,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  -- Fixed once created: a booking's promise does not change under it (close and create another).
  target numeric(38, 18) NOT NULL CHECK (target > 0),
  bonus numeric(38, 18) NOT NULL CHECK (bonus > 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'closed')),
  created_by bigint REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at)
);

CREATE TABLE activity_bookings (
  id bigserial PRIMARY KEY,
  activity_id bigint NOT NULL REFERENCES activities (id),
  user_id bigint NOT NULL REFERENCES users (id),
  booked_at timestamptz NOT NULL,
  deadline timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'fulfilled', 'lapsed')),
  -- The USDT deposits counted when it was settled (fulfilled or lapsed).
  deposited numeric(38, 18),
  journal_id bigint REFERENCES journal (id),
  settled_at timestamptz,
  -- Once per user per activity: the unique index answers a second booking, even two at once.
  UNIQUE (activity_id, user_id),
  CHECK (deadline > booked_at),
  CHECK ((status = 'fulfilled') = (journal_id IS NOT NULL)),
  CHECK ((status = 'booked') = (settled_at IS NULL))
);
CREATE INDEX activity_bookings_by_user ON activity_bookings (user_id, activity_id);
-- The job's work: the bookings still waiting.
CREATE INDEX activity_bookings_open ON activity_bookings (deadline, id) WHERE status = 'booked';

-- cashier: every deposit credited to a user (a chain deposit credited, a bank deposit approved),
-- with when, for the activities' fulfilment; shared by the cashier's module.
CREATE VIEW credited_deposits AS
  SELECT 'chain' AS source, id, user_id, asset, amount, credited_at FROM deposits WHERE status = 'credited'
  UNION ALL
  SELECT 'bank' AS source, id, user_id, asset, amount, decided_at AS credited_at FROM bank_deposits WHERE status = 'approved';
