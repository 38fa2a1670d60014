/**
 * Every kind of journal transaction the server writes: the ledger's postings are typed by it, and
 * the web's balance history gives each one a label in every language (its unit test reads this
 * list). A new kind goes here first. Zod-free, so the web's pages can import it.
 */
export const JOURNAL_KINDS = [
  // Spot: an order's funds set aside, a fill, what the order no longer needs handed back.
  'spot.freeze',
  'spot.trade',
  'spot.release',
  // A system user's inventory (the market maker's, the demo crowd's), moved once from the treasury.
  'maker.fund',
  'crowd.fund',
  'transfer.own',
  'transfer.user',
  'exchange',
  'demo.grant',
  'admin.adjust',
  // Money in and out: an on-chain deposit credited, a bank deposit approved, a withdrawal's
  // amount frozen, handed back (rejected by an operator, or failed on chain) or paid out.
  'funding.deposit',
  'deposit.bank',
  'withdrawal.request',
  'withdrawal.reject',
  'withdrawal.fail',
  'withdrawal.complete',
  // Positions (perpetuals and CFDs): an order's prepaid amount frozen and released, a position
  // opened (margin and fee) with its stamp duty, closed, liquidated, and its funding payments.
  'position.freeze',
  'position.release',
  'position.open',
  'position.stamp_duty',
  'position.close',
  'position.liquidation',
  'positions.funding',
  // Seconds contracts: the stake taken, then the payout or the loss at delivery.
  'seconds.order',
  'seconds.settle',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];
