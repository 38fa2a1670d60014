import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** Money in and out: the label of each journal kind the area writes (its area.ts loads them for balance history). */
export const labels = {
  'funding.deposit': 'assets.journal.kinds.cryptoDeposit',
  'deposit.bank': 'assets.journal.kinds.bankDeposit',
  'withdrawal.request': 'assets.journal.kinds.withdrawalRequest',
  'withdrawal.reject': 'assets.journal.kinds.withdrawalReject',
  'withdrawal.fail': 'assets.journal.kinds.withdrawalFail',
  'withdrawal.complete': 'assets.journal.kinds.withdrawalComplete',
} as const satisfies Partial<Record<JournalKind, TKey>>;
