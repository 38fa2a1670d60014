import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregate,
  applyTick,
  bucketStart,
  type Candle,
  INTERVAL_MS,
  INTERVALS,
  type Interval,
} from '../../src/market/candles.ts';
import { formatUnits, parseUnits } from '../../src/money/decimal.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);

interface Tick {
  at: number;
  price: string;
  volume: string;
}

/** Folds ticks (sorted by time) into the list of candles they produce. */
function fold(ticks: readonly Tick[], interval: Interval): Candle[] {
  const out: Candle[] = [];
  let open: Candle | null = null;
  for (const { at, price, volume } of ticks) {
    const [next, closed]: [Candle, Candle | null] = applyTick(open, interval, at, price, volume);
    if (closed) out.push(closed);
    open = next;
  }
  if (open) out.push(open);
  return out;
}

const decimal = (maxWhole: bigint) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: maxWhole }), fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }))
    .map(([w, f]) => `${w}.${f.toString().padStart(8, '0')}`);

const START = utc('2024-03-08T00:00:00');
const ticks = fc
  .array(
    fc.record({
      dt: fc.oneof(fc.integer({ min: 0, max: 20 * 60_000 }), fc.integer({ min: 0, max: 2 * 86_400_000 })),
      price: decimal(100_000n).filter((p) => parseUnits(p) > 0n),
      volume: decimal(1_000n),
    }),
    { minLength: 1, maxLength: 200 },
  )
  .map((rows) => {
    let at = START;
    return rows.map(({ dt, price, volume }) => {
      at += dt;
      return { at, price, volume };
    });
  });

const sum = (values: string[]) => formatUnits(values.reduce((a, v) => a + parseUnits(v), 0n));

describe('bucketStart', () => {
  it('starts 1w candles on Monday 00:00 UTC and aligns the others to the epoch', () => {
    expect(bucketStart('1w', utc('2024-01-10T15:00:00'))).toBe(utc('2024-01-08T00:00:00')); // Wed -> Mon
    expect(bucketStart('1w', utc('2024-01-08T00:00:00'))).toBe(utc('2024-01-08T00:00:00'));
    expect(bucketStart('1w', utc('2024-01-07T23:59:59.999'))).toBe(utc('2024-01-01T00:00:00')); // Sun
    expect(bucketStart('1w', 0)).toBe(utc('1969-12-29T00:00:00'));
    expect(bucketStart('4h', utc('2024-01-10T15:00:00'))).toBe(utc('2024-01-10T12:00:00'));
    expect(bucketStart('1d', utc('2024-01-10T15:00:00'))).toBe(utc('2024-01-10T00:00:00'));
    expect(bucketStart('15m', utc('2024-01-10T15:44:59.999'))).toBe(utc('2024-01-10T15:30:00'));
  });

  it('contains the instant, is a fixed point, and 1w buckets are Mondays', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INTERVALS), fc.integer({ min: -1e13, max: 1e13 }), (interval, t) => {
        const b = bucketStart(interval, t);
        expect(b).toBeLessThanOrEqual(t);
        expect(t - b).toBeLessThan(INTERVAL_MS[interval]);
        expect(bucketStart(interval, b)).toBe(b);
        if (interval === '1w') {
          expect(new Date(b).getUTCDay()).toBe(1);
          expect(((b % 86_400_000) + 86_400_000) % 86_400_000).toBe(0);
        }
      }),
    );
  });
});

describe('applyTick', () => {
  it('opens, updates and closes candles exactly', () => {
    const t0 = utc('2024-01-10T15:00:10');
    let [c, closed] = applyTick(null, '1m', t0, '100.10', '1.5');
    expect(closed).toBeNull();
    expect(c).toEqual({
      t: utc('2024-01-10T15:00:00'),
      o: '100.1',
      h: '100.1',
      l: '100.1',
      c: '100.1',
      v: '1.5',
      // Turnover: 100.1 × 1.5.
      q: '150.15',
    });
    [c, closed] = applyTick(c, '1m', t0 + 1000, '100.3', '0.1');
    [c, closed] = applyTick(c, '1m', t0 + 2000, '99.95', '0.2');
    [c, closed] = applyTick(c, '1m', t0 + 3000, '100.0', '0.000000000000000001');
    expect(closed).toBeNull();
    expect(c).toEqual({
      t: utc('2024-01-10T15:00:00'),
      o: '100.1',
      h: '100.3',
      l: '99.95',
      c: '100',
      v: '1.800000000000000001',
      // 150.15 + 100.3 × 0.1 + 99.95 × 0.2 + 100 × 10^-18 = 150.15 + 10.03 + 19.99 + 10^-16.
      q: '180.1700000000000001',
    });
    const first = c;
    [c, closed] = applyTick(c, '1m', utc('2024-01-10T15:03:00'), '101', '2');
    expect(closed).toEqual(first);
    expect(c).toEqual({
      t: utc('2024-01-10T15:03:00'),
      o: '101',
      h: '101',
      l: '101',
      c: '101',
      v: '2',
      q: '202',
    });
  });

  it('compares prices as decimals, not as strings or floats', () => {
    // As strings '9.5' > '10'; as floats 0.1 + 0.2 !== 0.3.
    let [c] = applyTick(null, '1h', 0, '10', '0.1');
    [c] = applyTick(c, '1h', 1, '9.5', '0.2');
    [c] = applyTick(c, '1h', 2, '10.000000000000000001', '0');
    expect(c.h).toBe('10.000000000000000001');
    expect(c.l).toBe('9.5');
    expect(c.v).toBe('0.3');
  });

  it('ignores a tick from an earlier bucket than the open candle', () => {
    const [c] = applyTick(null, '1m', utc('2024-01-10T15:05:00'), '5', '1');
    expect(applyTick(c, '1m', utc('2024-01-10T15:04:59'), '7', '1')).toEqual([c, null]);
  });

  it('keeps h >= max(o, c), l <= min(o, c) and sums volume exactly', () => {
    fc.assert(
      fc.property(ticks, fc.constantFrom(...INTERVALS), (rows, interval) => {
        const candles = fold(rows, interval);
        for (const k of candles) {
          const [o, h, l, c] = [k.o, k.h, k.l, k.c].map(parseUnits) as [bigint, bigint, bigint, bigint];
          expect(h >= o && h >= c).toBe(true);
          expect(l <= o && l <= c).toBe(true);
          expect(k.t).toBe(bucketStart(interval, k.t));
        }
        for (let i = 1; i < candles.length; i++) {
          expect(candles[i]?.t).toBeGreaterThan(candles[i - 1]?.t ?? 0);
        }
        expect(sum(candles.map((k) => k.v))).toBe(sum(rows.map((r) => r.volume)));
        expect(candles[0]?.o).toBe(formatUnits(parseUnits(rows[0]?.price ?? '')));
        expect(candles.at(-1)?.c).toBe(formatUnits(parseUnits(rows.at(-1)?.price ?? '')));
      }),
    );
  });
});

describe('aggregate', () => {
  it('equals folding the same ticks directly into the coarser interval', () => {
    const pairs: [Interval, Interval][] = [
      ['1m', '1h'],
      ['1m', '5m'],
      ['5m', '15m'],
      ['15m', '4h'],
      ['1h', '1d'],
      ['4h', '1d'],
      ['1h', '1w'],
      ['1d', '1w'],
    ];
    fc.assert(
      fc.property(ticks, fc.constantFrom(...pairs), (rows, [from, to]) => {
        expect(aggregate(fold(rows, from), to)).toEqual(fold(rows, to));
      }),
    );
  });

  it('folds a known hour of minutes', () => {
    const minutes: Candle[] = [
      { t: utc('2024-01-08T10:00:00'), o: '10', h: '12', l: '9', c: '11', v: '1.1', q: '12.1' },
      { t: utc('2024-01-08T10:30:00'), o: '11', h: '11.5', l: '8.25', c: '9', v: '2.2', q: '19.85' },
      // Recorded before turnover was kept: it adds none.
      { t: utc('2024-01-08T11:00:00'), o: '9', h: '9', l: '9', c: '9', v: '0' },
    ];
    expect(aggregate(minutes, '1h')).toEqual([
      { t: utc('2024-01-08T10:00:00'), o: '10', h: '12', l: '8.25', c: '9', v: '3.3', q: '31.95' },
      { t: utc('2024-01-08T11:00:00'), o: '9', h: '9', l: '9', c: '9', v: '0' },
    ]);
    expect(aggregate([], '1h')).toEqual([]);
    expect(() => aggregate([minutes[1] as Candle, minutes[0] as Candle], '1h')).toThrow(RangeError);
  });
});
