import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** NFT's movements: the label of each journal kind the area writes (its area.ts loads them for balance history). */
export const labels = {
  'nft.purchase': 'assets.journal.kinds.nftPurchase',
} as const satisfies Partial<Record<JournalKind, TKey>>;
