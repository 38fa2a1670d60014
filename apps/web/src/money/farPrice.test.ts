import { describe, expect, it } from 'vitest';
import { priceWarning } from './farPrice.ts';

describe('priceWarning', () => {
  it('warns a price more than 5% above the last price (up_rate)', () => {
    expect(priceWarning('105', '100')).toBeNull();
    expect(priceWarning('105.01', '100')).toEqual({ direction: 'above', rate: '5.01' });
    expect(priceWarning('110', '100')).toEqual({ direction: 'above', rate: '10.00' });
  });
  it('warns a price more than 5% below the last price (down_rate)', () => {
    expect(priceWarning('95', '100')).toBeNull();
    expect(priceWarning('94.9', '100')).toEqual({ direction: 'below', rate: '5.10' });
  });
  it('rounds the rate half up to two places and ignores unknown prices', () => {
    expect(priceWarning('3.2', '3')?.rate).toBe('6.67');
    expect(priceWarning('2', '3')).toEqual({ direction: 'below', rate: '33.33' });
    expect(priceWarning('110', undefined)).toBeNull();
    expect(priceWarning('abc', '100')).toBeNull();
    expect(priceWarning('110', '100', 20)).toBeNull();
  });
});
