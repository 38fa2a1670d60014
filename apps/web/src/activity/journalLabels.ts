import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** Deposit-bonus activities' movements: the label of each journal kind the area writes (balance history; its subject names the activity). */
export const labels = {
  'activity.bonus': 'assets.journal.kinds.activityBonus',
} as const satisfies Partial<Record<JournalKind, TKey>>;
