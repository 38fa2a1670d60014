import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalDecimal,
  DecimalError,
  divUnits,
  fitsLedger,
  formatUnits,
  isDecimal,
  mulUnits,
  parseUnits,
  roundUnits,
} from '../../src/money/decimal.ts';

const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }),
    fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }),
  )
  .map(([neg, w, f]) => `${neg ? '-' : ''}${w}.${f.toString().padStart(18, '0')}`);

describe('exact decimals', () => {
  it('parse and format round-trip every NUMERIC(38,18) value', () => {
    fc.assert(
      fc.property(decimalText, (t) => {
        expect(parseUnits(formatUnits(parseUnits(t)))).toBe(parseUnits(t));
      }),
    );
    expect(formatUnits(parseUnits('0.1')) === '0.1' && formatUnits(parseUnits('-000.500')) === '-0.5').toBe(
      true,
    );
    expect(formatUnits(parseUnits('5'), 2)).toBe('5.00');
  });

  it('refuse what is not a decimal', () => {
    for (const bad of [
      '',
      '1e5',
      '0x10',
      'NaN',
      '1.2.3',
      '.5',
      '1.',
      '+1',
      '1.0000000000000000001',
      '123456789012345678901',
    ]) {
      expect(() => parseUnits(bad), bad).toThrow(DecimalError);
      expect(() => canonicalDecimal(bad), bad).toThrow(DecimalError);
    }
    expect(isDecimal('1.12345678', 8)).toBe(true);
    expect(isDecimal('1.123456789', 8)).toBe(false);
  });

  it('shorten decimal text exactly as formatting the parsed value does', () => {
    // Any number of leading zeros and decimals, as NUMERIC text, user input or a trimmed answer.
    const anyText = fc
      .tuple(
        fc.boolean(),
        fc.nat({ max: 3 }),
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        fc.nat({ max: 18 }),
        fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }),
      )
      .map(([neg, zeros, w, places, f]) => {
        const frac = f.toString().padStart(18, '0').slice(0, places);
        return `${neg ? '-' : ''}${'0'.repeat(zeros)}${w}${places > 0 ? `.${frac}` : ''}`;
      });
    fc.assert(
      fc.property(fc.oneof(decimalText, anyText), (t) => {
        expect(canonicalDecimal(t)).toBe(formatUnits(parseUnits(t)));
      }),
    );
    expect(canonicalDecimal('60000.120000000000000000')).toBe('60000.12');
    expect(canonicalDecimal('-0.000')).toBe('0');
  });

  it('add 0.1 and 0.2 to exactly 0.3', () => {
    expect(formatUnits(parseUnits('0.1') + parseUnits('0.2'))).toBe('0.3');
  });

  it('round down, up and half-up to a number of places', () => {
    const x = parseUnits('1.23456789');
    expect(formatUnits(roundUnits(x, 4, 'down'))).toBe('1.2345');
    expect(formatUnits(roundUnits(x, 4, 'up'))).toBe('1.2346');
    expect(formatUnits(roundUnits(parseUnits('1.00005'), 4, 'half-up'))).toBe('1.0001');
    expect(formatUnits(roundUnits(parseUnits('-1.23456789'), 2, 'down'))).toBe('-1.23');
    expect(formatUnits(roundUnits(parseUnits('-1.23456789'), 2, 'up'))).toBe('-1.24');
  });

  it('multiply and divide with the rounding asked for, never creating a unit', () => {
    expect(formatUnits(mulUnits(parseUnits('1000'), parseUnits('0.001')))).toBe('1');
    expect(formatUnits(divUnits(parseUnits('1'), parseUnits('3')))).toBe('0.333333333333333333');
    expect(formatUnits(divUnits(parseUnits('2'), parseUnits('3'), 'half-up'))).toBe('0.666666666666666667');
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const x = parseUnits(a);
        const y = parseUnits(b);
        // Rounded toward zero, a product never exceeds the exact one in size.
        const exact = x * y;
        const down = mulUnits(x, y) * 10n ** 18n;
        expect(down < 0n ? -down : down).toBeLessThanOrEqual(exact < 0n ? -exact : exact);
      }),
    );
  });
});

describe('what fits a ledger column', () => {
  it('takes values below 10^20 in size and refuses the rest, as NUMERIC(38,18) does', () => {
    expect(fitsLedger(parseUnits('99999999999999999999.999999999999999999'))).toBe(true);
    expect(fitsLedger(parseUnits('-99999999999999999999.999999999999999999'))).toBe(true);
    expect(fitsLedger(10n ** 38n)).toBe(false);
    expect(fitsLedger(-(10n ** 38n))).toBe(false);
  });
});
