import { describe, expect, it } from 'vitest';
import { parseUnits } from '../../src/money/decimal.ts';
import {
  formatTokenUnits,
  parseTokenAmount,
  TokenAmountError,
  toTokenUnits,
} from '../../src/money/token-units.ts';

describe("a token's units on the money module's fixed point", () => {
  it('converts an amount to token units exactly, or not at all', () => {
    expect(toTokenUnits(parseUnits('12.345678'), 6)).toBe(12_345_678n);
    expect(toTokenUnits(parseUnits('12.3456789'), 6)).toBeNull();
    expect(toTokenUnits(parseUnits('1.5'), 18)).toBe(1_500_000_000_000_000_000n);
    expect(toTokenUnits(parseUnits('1.5'), 20)).toBe(150_000_000_000_000_000_000n);
  });

  it('turns a decimal amount into units exactly, whatever the token decimals', () => {
    expect(parseTokenAmount('0.1', 6)).toBe(100_000n);
    expect(parseTokenAmount(' 12.50 ', 2)).toBe(1_250n);
    expect(parseTokenAmount('7.000', 0)).toBe(7n);
    expect(parseTokenAmount('99999999999999999999.999999999999999999', 18)).toBe(10n ** 38n - 1n);
  });

  it('says why an amount is refused: not an amount, or finer than the token', () => {
    const reason = (amount: string, decimals: number) => {
      try {
        parseTokenAmount(amount, decimals);
      } catch (error) {
        if (error instanceof TokenAmountError) return error.reason;
        throw error;
      }
      return 'accepted';
    };
    expect(reason('0.01', 1)).toBe('too_precise');
    expect(reason('0.0000000000000000001', 18)).toBe('too_precise');
    expect(reason('1.10', 1)).toBe('accepted');
    for (const bad of ['', '-1', '+1', '1e6', '0x10', '1.', '.5', '1,5', 'abc', '123456789012345678901'])
      expect(reason(bad, 6)).toBe('invalid');
  });

  it('turns units back into the shortest decimal, a token of up to 18 decimals', () => {
    expect(formatTokenUnits(1n, 6)).toBe('0.000001');
    expect(formatTokenUnits(-1_500_000n, 6)).toBe('-1.5');
    expect(formatTokenUnits(2n ** 256n - 1n, 18)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    );
    expect(() => formatTokenUnits(1n, 19)).toThrow(RangeError);
  });
});
