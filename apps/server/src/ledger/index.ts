import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { ledgerAdminRoutes } from './admin-routes.ts';
import { checkLedger } from './check.ts';
import { ledgerRoutes } from './routes.ts';

export { announceBalances, publishBalances } from './announce.ts';
export { findAsset, userAmount } from './assets.ts';
export { checkLedger as ledgerCheck } from './check.ts';
export { type Freeze, freezeBatch } from './freeze-batch.ts';
export { frozenHoldersCheck } from './frozen-check.ts';
export { grantDemoFunds } from './grants.ts';
export { idempotency, once, previous } from './idempotency.ts';
export { platformBalances } from './platform-balances.ts';
export {
  type BalanceAfter,
  type BalanceKey,
  lockBalances,
  type Posting,
  post,
  postBatch,
  saveResult,
  setJournalReference,
} from './post.ts';
export { callerRealm } from './service.ts';

/**
 * The double-entry ledger: accounts, postings, transfers, balances, manual adjustments. Every area
 * moves money only through what this module exports.
 */
export function ledgerArea(ctx: AppContext): Area {
  return {
    name: 'ledger',
    routes: (app) => {
      ledgerRoutes(app, ctx);
      ledgerAdminRoutes(app, ctx);
    },
  };
}

/** The area as `areas.ts` lists it; its check is the ledger's invariants. */
export const ledgerModule: AreaModule = {
  tables: ['assets', 'ledger_accounts', 'journal', 'journal_entries', 'ledger_adjustments', 'transfers'],
  shares: ['asset_catalogue', 'account_balances', 'journal_heads'],
  build: (ctx) => ledgerArea(ctx),
  ledgerCheck: checkLedger,
};
