-- Seconds contracts that never start (issue 23): a contract with no index tick within the start
-- window after acceptance (core's SECONDS_START_WINDOW_MS) is refunded, reason 'no_start_tick',
-- instead of starting on a tick long after the user bought (after a feed gap or a restart).
ALTER TABLE seconds_orders DROP CONSTRAINT seconds_orders_refund_reason_check;
ALTER TABLE seconds_orders ADD CONSTRAINT seconds_orders_refund_reason_check
  CHECK (refund_reason IN ('equal', 'too_few_ticks', 'no_start_tick'));
