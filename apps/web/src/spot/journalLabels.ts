import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** Spot's movements (gathered under their order in balance history): the label of each journal kind the area writes (its area.ts loads them for balance history). */
export const labels = {
  'spot.freeze': 'assets.journal.kinds.spotFreeze',
  'spot.trade': 'assets.journal.kinds.spotTrade',
  'spot.release': 'assets.journal.kinds.spotRelease',
  'maker.fund': 'assets.journal.kinds.makerFund',
  'crowd.fund': 'assets.journal.kinds.crowdFund',
} as const satisfies Partial<Record<JournalKind, TKey>>;
