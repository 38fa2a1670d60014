import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { ledgerAdminRoutes } from './admin-routes.ts';
import { checkLedger } from './check.ts';
import { ledgerRoutes } from './routes.ts';

export { announceBalances, publishBalances } from './announce.ts';
export { findAsset, userAmount } from './assets.ts';
export { checkLedger as ledgerCheck } from './check.ts';
export { frozenHoldersCheck } from './frozen-check.ts';
export { grantDemoFunds } from './grants.ts';
export { platformBalances } from './platform-balances.ts';
export { callerRealm } from './service.ts';

/**
 * The double-entry ledger's area: assets, balances and their history, transfers, manual adjustments
 * and the ledger's checks. Money moves through the posting layer (`postings/index.ts`).
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
  tables: ['assets', 'ledger_adjustments', 'transfers'],
  // The posting layer's tables, which the balances, their history and the checks read as they are.
  reads: ['ledger_accounts', 'journal', 'journal_entries'],
  shares: ['asset_catalogue', 'account_balances', 'journal_heads'],
  build: (ctx) => ledgerArea(ctx),
  ledgerCheck: checkLedger,
};
