import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { TKey } from '../i18n/keys.ts';

/** Leveraged positions' movements: the label of each journal kind the area writes (its area.ts loads them for balance history). */
export const labels = {
  'position.freeze': 'assets.journal.kinds.positionFreeze',
  'position.release': 'assets.journal.kinds.positionRelease',
  'position.open': 'assets.journal.kinds.positionOpen',
  'position.stamp_duty': 'assets.journal.kinds.stampDuty',
  'position.close': 'assets.journal.kinds.positionClose',
  'position.liquidation': 'assets.journal.kinds.positionLiquidation',
  'positions.funding': 'assets.journal.kinds.fundingFee',
} as const satisfies Partial<Record<JournalKind, TKey>>;

/** A kind of the area this app does not know yet (a newer server's) reads by its family. */
export const families = {
  position: 'assets.journal.kinds.positionOther',
  positions: 'assets.journal.kinds.positionOther',
} as const satisfies Record<string, TKey>;
