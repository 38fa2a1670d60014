import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** The ledger's own movements: the label of each journal kind the area writes (its area.ts loads them for balance history). */
export const labels = {
  'transfer.own': 'assets.journal.kinds.transferOwn',
  'transfer.user': 'assets.journal.kinds.transferUser',
  'demo.grant': 'assets.journal.kinds.demoGrant',
  'admin.adjust': 'assets.journal.kinds.adminAdjust',
} as const satisfies Partial<Record<JournalKind, TKey>>;
