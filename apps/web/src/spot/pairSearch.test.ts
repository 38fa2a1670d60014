import { describe, expect, it } from 'vitest';
import { searchPairs } from './pairSearch.ts';

const PAIRS = [
  { symbol: 'BTC/USDT', name: 'Bitcoin' },
  { symbol: 'ETH/USDT', name: 'Ethereum' },
  { symbol: 'BCH/USDT', name: 'Bitcoin Cash' },
  { symbol: 'SOL/USDT', name: 'Solana' },
];
const symbols = (list: { symbol: string }[]) => list.map((p) => p.symbol);

describe('searchPairs', () => {
  it('finds by symbol, ignoring case and the separator', () => {
    expect(symbols(searchPairs(PAIRS, 'eth'))).toEqual(['ETH/USDT']);
    expect(symbols(searchPairs(PAIRS, 'solusdt'))).toEqual(['SOL/USDT']);
    expect(symbols(searchPairs(PAIRS, 'Sol/U'))).toEqual(['SOL/USDT']);
  });

  it('finds by name, symbols that start with the text first', () => {
    expect(symbols(searchPairs(PAIRS, 'bitcoin'))).toEqual(['BTC/USDT', 'BCH/USDT']);
    expect(symbols(searchPairs(PAIRS, 'b'))).toEqual(['BTC/USDT', 'BCH/USDT']);
  });

  it('gives every pair for an empty search and none for no match', () => {
    expect(searchPairs(PAIRS, '  ')).toHaveLength(4);
    expect(searchPairs(PAIRS, 'xyz')).toEqual([]);
  });
});
