import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** Referral's movements: the label of each journal kind the area writes (its area.ts loads them for balance history). */
export const labels = {
  referral_rebate: 'assets.journal.kinds.referralRebate',
} as const satisfies Partial<Record<JournalKind, TKey>>;
