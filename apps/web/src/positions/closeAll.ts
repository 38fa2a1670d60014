import type { CloseAllSkipReason } from '@otc/protocol/positions/constants';
import type { CloseAllResult } from '@otc/protocol/positions/schemas';
import type { TKey } from '../i18n/keys.ts';

const REASONS: Record<CloseAllSkipReason, TKey> = {
  market_closed: 'positions.list.notClosedReasons.market_closed',
  market_halted: 'positions.list.notClosedReasons.market_halted',
  no_mark_price: 'positions.list.notClosedReasons.no_mark_price',
  trading_unavailable: 'positions.list.notClosedReasons.trading_unavailable',
};

/** One line of close all's toast: `key` translated with `count` and the translated `reason`, if any. */
export interface CloseAllLine {
  key: TKey;
  count?: number;
  reason?: TKey;
}

/**
 * What close all's toast says: all closed, or, per reason, how many positions it left open ("2
 * positions not closed: market closed"), so nobody takes a closed market's position for closed.
 */
export function closeAllLines(result: Pick<CloseAllResult, 'skipped'>): CloseAllLine[] {
  if (result.skipped.length === 0) return [{ key: 'positions.list.allClosed' }];
  const counts = new Map<CloseAllSkipReason, number>();
  for (const s of result.skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({
    key: 'positions.list.notClosed',
    count,
    reason: REASONS[reason],
  }));
}
