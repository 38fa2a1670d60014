import { describe, expect, it } from 'vitest';
import {
  confirmationsOf,
  depositStatusFor,
  nextScanRange,
  rewoundCursor,
  tokenToUnits,
} from '../../../src/cashier/deposit/deposits.ts';
import { formatUnits } from '../../../src/money/decimal.ts';

describe('chain deposit rules', () => {
  it('converts token amounts exactly with the decimals read on chain', () => {
    expect(formatUnits(tokenToUnits(12_345_678n, 6))).toBe('12.345678');
    expect(formatUnits(tokenToUnits(10n ** 18n + 1n, 18))).toBe('1.000000000000000001');
    expect(formatUnits(tokenToUnits(5n * 10n ** 20n, 20))).toBe('5');
    expect(() => tokenToUnits(1n, 20)).toThrow();
  });

  it('records a transfer under the minimum without crediting it', () => {
    expect(depositStatusFor(tokenToUnits(9_999_999n, 6), '10')).toBe('below_minimum');
    expect(depositStatusFor(tokenToUnits(10_000_000n, 6), '10')).toBe('pending');
  });

  it('counts the mining block as the first confirmation', () => {
    expect(confirmationsOf(100n, 100n)).toBe(1);
    expect(confirmationsOf(100n, 111n)).toBe(12);
    expect(confirmationsOf(100n, 90n)).toBe(0);
  });

  it('scans from after the cursor to the head in spans no larger than the node allows', () => {
    expect(nextScanRange(10n, 10n, 500n)).toBeNull();
    expect(nextScanRange(10n, 15n, 500n)).toEqual({ from: 11n, to: 15n });
    expect(nextScanRange(0n, 2000n, 500n)).toEqual({ from: 1n, to: 500n });
  });

  it('steps the cursor back under a reorg, below a head that went back too', () => {
    expect(rewoundCursor(100n, 120n, 12n)).toBe(88n);
    expect(rewoundCursor(100n, 50n, 12n)).toBe(38n);
    expect(rewoundCursor(5n, 120n, 12n)).toBe(0n);
  });
});
