import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** Loans' movements: the label of each journal kind the area writes (its area.ts loads them for balance history). */
export const labels = {
  'loan.disburse': 'assets.journal.kinds.loanDisburse',
  'loan.collateral': 'assets.journal.kinds.loanCollateral',
  'loan.repay': 'assets.journal.kinds.loanRepay',
  'loan.liquidate': 'assets.journal.kinds.loanLiquidate',
} as const satisfies Partial<Record<JournalKind, TKey>>;
