import type { TableOwner } from '../platform/tables.ts';

export { type Freeze, freezeBatch } from './freeze-batch.ts';
export { idempotency, once, previous } from './idempotency.ts';
export {
  type BalanceAfter,
  type BalanceKey,
  GuardedWriteError,
  lockBalances,
  type Posting,
  post,
  postBatch,
  saveResult,
  setJournalReference,
} from './post.ts';
export { accountIds, lockAccountIds, postSet } from './post-set.ts';

/**
 * The double-entry machinery every product moves money with: postings, freezes, balance locks and
 * idempotent requests. It writes the journal, its entries and the account balances, so it owns
 * those tables; the ledger area reads them (balances, history, its checks) and keeps the rest.
 */
export const postingTables: TableOwner = { tables: ['ledger_accounts', 'journal', 'journal_entries'] };
