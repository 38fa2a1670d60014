import { describe, expect, it } from 'vitest';
import { formatAssetAmount } from '../src/index.ts';

const USDT = { displayDecimals: 2 };
const BTC = { displayDecimals: 8 };

describe('formatAssetAmount: one display rule per asset', () => {
  it("cuts to the asset's display decimals, never rounding up", () => {
    expect(formatAssetAmount('99324.1972724', USDT)).toBe('99,324.19');
    expect(formatAssetAmount('0.999999', USDT)).toBe('0.99');
    expect(formatAssetAmount('0.123456789', BTC)).toBe('0.12345678');
  });

  it('reads the same for the same balance whatever form the server gave it', () => {
    const forms = ['99324.1972724', '99324.197272', '99324.19727240000000000'];
    expect(new Set(forms.map((v) => formatAssetAmount(v, USDT)))).toEqual(new Set(['99,324.19']));
  });

  it('shows a cash-like asset with all its places, and a coin without trailing zeros', () => {
    expect(formatAssetAmount('100000', USDT)).toBe('100,000.00');
    expect(formatAssetAmount('-500.509', USDT)).toBe('-500.50');
    expect(formatAssetAmount('0.01000000', BTC)).toBe('0.01');
    expect(formatAssetAmount('2', BTC)).toBe('2');
  });

  it('never lets a German reader take a hundred thousand USDT for a hundred', () => {
    expect(formatAssetAmount('100000', USDT, { groupSeparator: '.', decimalSeparator: ',' })).toBe(
      '100.000,00',
    );
  });

  it("takes the language's separators", () => {
    expect(formatAssetAmount('99324.1972724', USDT, { groupSeparator: '.', decimalSeparator: ',' })).toBe(
      '99.324,19',
    );
  });

  it('shows an asset the catalogue has not named with the default 8 places', () => {
    expect(formatAssetAmount('1.123456789', undefined)).toBe('1.12345678');
  });
});
