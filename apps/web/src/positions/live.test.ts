import type { Position, PositionOrder } from '@otc/protocol/positions/schemas';
import { describe, expect, it } from 'vitest';
import { applyPosition, applyPositionOrder, atMark } from './live.ts';

const position = (over: Partial<Position> = {}): Position => ({
  id: '1',
  symbol: 'BTC-PERP',
  product: 'perp',
  side: 'long',
  lots: '1',
  entryPrice: '100',
  leverage: 10,
  margin: '10',
  tp: null,
  sl: null,
  fees: '0.05',
  stampDuty: '0',
  funding: '0',
  markPrice: '100',
  unrealisedPnl: '0',
  returnRate: '0',
  riskRatio: '0.04',
  liquidationPrice: '90.36',
  status: 'open',
  realisedPnl: '0',
  closePrice: null,
  closeReason: null,
  openedAt: 1,
  closedAt: null,
  ...over,
});
const order = (over: Partial<PositionOrder> = {}): PositionOrder => ({
  id: '5',
  symbol: 'AAPL',
  product: 'cfd',
  side: 'long',
  type: 'limit',
  action: 'open',
  positionId: null,
  lots: '1',
  price: '150',
  leverage: 5,
  tp: null,
  sl: null,
  frozen: '30.225',
  status: 'open',
  fillPrice: null,
  reason: null,
  createdAt: 1,
  ...over,
});

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

  it('leaves the position as it is without a readable mark', () => {
    const p = position();
    expect(atMark(p, undefined)).toBe(p);
    expect(atMark(p, 'n/a')).toBe(p);
  });
});
