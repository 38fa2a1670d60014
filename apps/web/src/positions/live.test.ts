import { describe, expect, it } from 'vitest';
import { applyPosition, applyPositionOrder, atMark } from './live.ts';
import { order, position } from './testRows.ts';

describe('open positions follow the private channel', () => {
  it('a new position joins, newest first; a changed one replaces its row; a closed one leaves', () => {
    let list = { items: [position({ id: '1' })] };
    list = applyPosition(list, position({ id: '2', side: 'short' }));
    expect(list.items.map((p) => p.id)).toEqual(['2', '1']);
    list = applyPosition(list, position({ id: '1', lots: '3' }));
    expect(list.items.find((p) => p.id === '1')?.lots).toBe('3');
    list = applyPosition(list, position({ id: '2', status: 'closed' }));
    expect(list.items.map((p) => p.id)).toEqual(['1']);
  });

  it('an order moves from the open list to history when it fills', () => {
    const open = { items: [order()], total: 1 };
    const filled = order({ status: 'filled', fillPrice: '150' });
    expect(applyPositionOrder(open, filled, 'open', 50)).toEqual({ items: [], total: 0 });
    expect(applyPositionOrder({ items: [], total: 0 }, filled, 'history', 50)).toEqual({
      items: [filled],
      total: 1,
    });
  });
});

describe('figures at the live mark', () => {
  it('recomputes the unrealised PnL and return of a long and a short', () => {
    const long = atMark(position(), '105');
    expect(long).toMatchObject({ markPrice: '105', unrealisedPnl: '5', returnRate: '0.5' });
    const short = atMark(position({ side: 'short' }), '105');
    expect(short).toMatchObject({ unrealisedPnl: '-5', returnRate: '-0.5' });
  });

  it('the risk ratio when the brackets are known, "--" (null) once equity is gone', () => {
    const brackets = [{ notionalUpTo: null, rate: 4_000_000_000_000_000n }];
    // 0.004 x 95 = 0.38 over equity 10 - 5 = 5: 7.6%.
    expect(atMark(position(), '95', brackets).riskRatio).toBe('0.076');
    expect(atMark(position(), '89', brackets).riskRatio).toBeNull();
    expect(atMark(position(), '95').riskRatio).toBe('0.04');
  });

  it('the risk ratio reads the position’s close-out floor (a 10x position at 50%: 0.05)', () => {
    const brackets = [{ notionalUpTo: null, rate: 4_000_000_000_000_000n }];
    // 0.05 x 95 = 4.75 over equity 10 - 5 = 5: 95%; at 94.7, 4.735 over 4.7 = 1.00744680851063829787...
    // (up): past 100%, where the 0.4% bracket alone reads 0.3788 / 4.7, about 8%.
    expect(atMark(position({ closeOut: '0.05' }), '95', brackets).riskRatio).toBe('0.95');
    expect(atMark(position({ closeOut: '0.05' }), '94.7', brackets).riskRatio).toBe('1.007446808510638298');
  });

  it('leaves the position as it is without a readable mark', () => {
    const p = position();
    expect(atMark(p, undefined)).toBe(p);
    expect(atMark(p, 'n/a')).toBe(p);
  });
});

describe('figures at the live mark of a pair quoted in another currency (issue 23)', () => {
  it('shows a USD/JPY PnL in USDT at the mark, and waits for the conversion', () => {
    const p = position({
      symbol: 'USD/JPY',
      lots: '1000',
      entryPrice: '150.015',
      margin: '20',
      markPrice: '150',
    });
    // (151.5 - 150.015) x 1000 = 1485 JPY / 151.5 = 9.801980198019801980 USDT (down).
    expect(atMark(p, '151.5', undefined, { kind: 'own' })).toMatchObject({
      markPrice: '151.5',
      unrealisedPnl: '9.80198019801980198',
    });
    expect(atMark(p, '151.5', undefined, null)).toBe(p);
  });
});
