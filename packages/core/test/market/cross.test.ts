import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossLegs, crossPrice } from '../../src/market/cross.ts';
import { parseUnits } from '../../src/money/decimal.ts';

const FEED = new Set(['EUR/USD', 'GBP/USD', 'USD/JPY', 'USD/CHF']);
const exists = (s: string) => FEED.has(s);

describe('forex crosses from their USD legs', () => {
  it('finds the direct or inverse leg of each side, and none for a USD pair', () => {
    expect(crossLegs({ base: 'EUR', quote: 'GBP' }, exists)).toEqual(['EUR/USD', 'GBP/USD']);
    expect(crossLegs({ base: 'GBP', quote: 'JPY' }, exists)).toEqual(['GBP/USD', 'USD/JPY']);
    expect(crossLegs({ base: 'CHF', quote: 'JPY' }, exists)).toEqual(['USD/CHF', 'USD/JPY']);
    expect(crossLegs({ base: 'USD', quote: 'JPY' }, exists)).toBeNull();
    expect(crossLegs({ base: 'EUR', quote: 'SEK' }, exists)).toBeNull();
  });

  it('prices them by hand, rounded half-up to the tick', () => {
    // 1.08452 / 1.27135 = 0.853046...
    expect(crossPrice(['EUR/USD', 'GBP/USD'], ['1.08452', '1.27135'], '0.00001')).toBe('0.85305');
    // 1.08452 x 155.42 = 168.556098...
    expect(crossPrice(['EUR/USD', 'USD/JPY'], ['1.08452', '155.42'], '0.001')).toBe('168.556');
    // 155.42 / 0.90215 = 172.277337...
    expect(crossPrice(['USD/CHF', 'USD/JPY'], ['0.90215', '155.42'], '0.001')).toBe('172.277');
    expect(crossPrice(['EUR/USD', 'GBP/USD'], ['1', '8'], '0.25')).toBe('0.25'); // 0.125: half-up
  });

  it('is within half a tick of the exact ratio', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 7n }), fc.bigInt({ min: 1n, max: 10n ** 7n }), (a, b) => {
        fc.pre(a * 10n ** 5n >= b); // at least one tick (a smaller ratio is shown as one tick)
        const pa = `${a}`;
        const pb = `${b}`;
        const got = parseUnits(crossPrice(['EUR/USD', 'GBP/USD'], [pa, pb], '0.00001'));
        const exact2 = (a * 10n ** 18n * 2n) / b; // 2 x the exact ratio, in Units (floor)
        const tick = parseUnits('0.00001');
        expect(got * 2n - exact2 <= tick + 2n && exact2 - got * 2n <= tick + 2n).toBe(true);
      }),
    );
  });
});
