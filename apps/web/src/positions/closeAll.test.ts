import { describe, expect, it } from 'vitest';
import { closeAllLines } from './closeAll.ts';

describe('close all’s toast', () => {
  it('says all closed when nothing was left open', () => {
    expect(closeAllLines({ skipped: [] })).toEqual([{ key: 'positions.list.allClosed' }]);
  });

  it('counts the positions left open by reason, so the user knows which stayed and why', () => {
    const skipped = [
      { positionId: '1', symbol: 'AAPL', reason: 'market_closed' as const },
      { positionId: '2', symbol: 'TSLA', reason: 'market_closed' as const },
      { positionId: '3', symbol: 'ETH-PERP', reason: 'market_halted' as const },
    ];
    expect(closeAllLines({ skipped })).toEqual([
      { key: 'positions.list.notClosed', count: 2, reason: 'positions.list.notClosedReasons.market_closed' },
      { key: 'positions.list.notClosed', count: 1, reason: 'positions.list.notClosedReasons.market_halted' },
    ]);
  });
});
