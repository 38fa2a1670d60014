import type { Instrument } from '@otc/protocol/market/schemas';
import { describe, expect, it } from 'vitest';
import { defaultSymbol } from './lastViewed.ts';

const i = (symbol: string, kind: Instrument['kind']) => ({ symbol, kind }) as Instrument;
const LIST = [
  i('BTC/USDT', 'spot'),
  i('BTC-PERP', 'perp'),
  i('ETH-PERP', 'perp'),
  i('AAPL', 'cfd'),
  i('USD/JPY', 'cfd'),
];

describe('a detail page opened without a symbol', () => {
  it('opens the last instrument of its kind viewed', () => {
    expect(defaultSymbol(LIST, 'perp', 'ETH-PERP')).toBe('ETH-PERP');
    expect(defaultSymbol(LIST, 'cfd', 'USD/JPY')).toBe('USD/JPY');
  });

  it('else the first of its kind in the list (never one of another kind)', () => {
    expect(defaultSymbol(LIST, 'perp', undefined)).toBe('BTC-PERP');
    expect(defaultSymbol(LIST, 'cfd', 'ETH-PERP')).toBe('AAPL');
    expect(defaultSymbol(LIST, 'perp', 'GONE-PERP')).toBe('BTC-PERP');
    expect(defaultSymbol([i('BTC/USDT', 'spot')], 'perp', undefined)).toBeNull();
  });
});
