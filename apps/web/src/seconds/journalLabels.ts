import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** Seconds contracts' movements: the label of each journal kind the area writes (its area.ts loads them for balance history). */
export const labels = {
  'seconds.order': 'assets.journal.kinds.secondsOrder',
  'seconds.settle': 'assets.journal.kinds.secondsSettle',
} as const satisfies Partial<Record<JournalKind, TKey>>;

/** A kind of the area this app does not know yet (a newer server's) reads by its family. */
export const families = {
  seconds: 'assets.journal.kinds.secondsOther',
} as const satisfies Record<string, TKey>;
