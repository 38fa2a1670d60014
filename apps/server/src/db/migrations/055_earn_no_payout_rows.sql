-- Decision 0149: the daily accrual no longer writes a row per subscription and day. Every day from a
-- subscription's first through `paid_through` paid its fixed `daily_yield` (the ledger check proved
-- the rows equal to that: `paid_total` = their sum, the days = their count), so the rows said nothing
-- the subscription does not; today's profit and the history derive from the subscription, and the
-- check now compares each account's `earn.yield` entries with its subscriptions' paid totals. A day is
-- paid once by the subscription's row lock and `paid_through` (the accrual takes only those behind).
DROP TABLE earn_payouts;
