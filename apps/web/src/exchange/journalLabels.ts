import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** The flash exchange's movements: the label of each journal kind the area writes (joined in ledger/journalKinds.ts). */
export const exchangeJournalLabels = {
  exchange: 'assets.journal.kinds.exchange',
} as const satisfies Partial<Record<JournalKind, TKey>>;
