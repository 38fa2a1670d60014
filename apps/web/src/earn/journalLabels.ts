import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** Earn's movements: the label of each journal kind the area writes (its area.ts loads them for balance history). */
export const labels = {
  'earn.subscribe': 'assets.journal.kinds.earnSubscribe',
  'earn.yield': 'assets.journal.kinds.earnYield',
  'earn.mature': 'assets.journal.kinds.earnMature',
  'earn.redeem': 'assets.journal.kinds.earnRedeem',
} as const satisfies Partial<Record<JournalKind, TKey>>;
