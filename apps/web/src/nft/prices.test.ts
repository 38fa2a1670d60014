import { describe, expect, it } from 'vitest';
import { lowestPrice } from './prices.ts';

describe('a collection’s lowest price', () => {
  it('compares the prices as decimals, not as text', () => {
    // As text '100' < '12.5' < '9.99'; as numbers 9.99 is the lowest.
    expect(lowestPrice([{ price: '100' }, { price: '12.5' }, { price: '9.99' }])).toBe('9.99');
    expect(lowestPrice([{ price: '0.000002' }, { price: '0.000001' }])).toBe('0.000001');
    expect(lowestPrice([])).toBeNull();
  });
});
