import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from '../../src/market/rng.ts';
import {
  CLASS_WALK,
  priceToTicks,
  step,
  ticksToPrice,
  type WalkParams,
  type WalkState,
} from '../../src/market/simulator.ts';
import { DecimalError, parseUnits } from '../../src/money/decimal.ts';

const MINUTE = 60_000;
const YEAR_MS = 365.25 * 86_400_000;

function walk(seed: string, start: bigint, params: WalkParams, dtMs: number, steps: number): bigint[] {
  const rng = createRng(seed);
  const path = [start];
  let state: WalkState = { ticks: start };
  for (let i = 0; i < steps; i++) {
    state = step(state, params, dtMs, rng);
    path.push(state.ticks);
  }
  return path;
}

/** Annualised standard deviation of the log-returns of a path sampled every dtMs. */
function realisedVol(path: bigint[], dtMs: number): number {
  const returns: number[] = [];
  for (let i = 1; i < path.length; i++) returns.push(Math.log(Number(path[i]) / Number(path[i - 1])));
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance * (YEAR_MS / dtMs));
}

const params = fc.record({
  annualVolatility: fc.double({ min: 0, max: 5, noNaN: true }),
  jumpsPerDay: fc.double({ min: 0, max: 50, noNaN: true }),
  jumpSize: fc.double({ min: 0, max: 0.5, noNaN: true }),
});

describe('random walk', () => {
  it('replays exactly for the same seed and differs for different seeds', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const pathA = walk(a, 6_500_000n, CLASS_WALK.crypto, MINUTE, 50);
        expect(walk(a, 6_500_000n, CLASS_WALK.crypto, MINUTE, 50)).toEqual(pathA);
        fc.pre(a !== b);
        expect(walk(b, 6_500_000n, CLASS_WALK.crypto, MINUTE, 50)).not.toEqual(pathA);
      }),
      { numRuns: 50 },
    );
  });

  it('never goes below 1 tick, whatever the parameters', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        params,
        fc.integer({ min: 0, max: 30 * 86_400_000 }),
        (seed, start, p, dt) => {
          for (const ticks of walk(seed, start, p, dt, 30)) {
            expect(typeof ticks).toBe('bigint');
            expect(ticks).toBeGreaterThanOrEqual(1n);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('yields prices exactly on the tick grid for every class', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(...(Object.keys(CLASS_WALK) as (keyof typeof CLASS_WALK)[])),
        fc.constantFrom('0.01', '0.00001', '0.25', '1'),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 1, max: 86_400_000 }),
        (seed, cls, tick, start, dt) => {
          for (const ticks of walk(seed, start, CLASS_WALK[cls], dt, 30)) {
            const price = ticksToPrice(ticks, tick);
            expect(parseUnits(price) % parseUnits(tick)).toBe(0n);
            expect(priceToTicks(price, tick)).toBe(ticks);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('hits the floor of 1 tick on a violent crash and never goes below it', () => {
    const crash: WalkParams = { annualVolatility: 0, jumpsPerDay: 1000, jumpSize: 20 };
    const path = walk('crash', 5n, crash, 86_400_000, 200);
    expect(path).toContain(1n);
    expect(path.every((t) => t >= 1n)).toBe(true);
  });

  it('realises the crypto volatility parameter over 30 days of 1-minute steps (no jumps)', () => {
    const noJumps = { ...CLASS_WALK.crypto, jumpsPerDay: 0 };
    const path = walk(deriveSeed('vol', 'crypto'), 6_500_000n, noJumps, MINUTE, 30 * 24 * 60);
    const vol = realisedVol(path, MINUTE);
    expect(vol).toBeGreaterThan(0.65 * 0.9);
    expect(vol).toBeLessThan(0.65 * 1.1);
  });

  it('adds the jump variance on top of the diffusion', () => {
    const { annualVolatility: s, jumpsPerDay: lambda, jumpSize: j } = CLASS_WALK.crypto;
    const expected = Math.sqrt(s * s + lambda * 365.25 * j * j);
    const path = walk(deriveSeed('vol', 'jumps'), 6_500_000n, CLASS_WALK.crypto, MINUTE, 30 * 24 * 60);
    const vol = realisedVol(path, MINUTE);
    expect(vol).toBeGreaterThan(expected * 0.85);
    expect(vol).toBeLessThan(expected * 1.15);
    expect(vol).toBeGreaterThan(s);
  });

  it('keeps moving when one step is far smaller than a tick (stochastic rounding, no frozen grid)', () => {
    // 1.08000 at 0.00001 ticks with 1-second forex steps: a typical move is ~0.0014 ticks.
    const path = walk('tiny', 100n, CLASS_WALK.forex, 1000, 20_000);
    expect(new Set(path).size).toBeGreaterThan(1);
    expect(path.every((t) => t >= 95n && t <= 105n)).toBe(true);
  });

  it('leaves the price alone for dt = 0 and refuses bad input', () => {
    const rng = createRng('x');
    expect(step({ ticks: 123n }, CLASS_WALK.stock, 0, rng)).toEqual({ ticks: 123n });
    expect(() => step({ ticks: 123n }, CLASS_WALK.stock, -1, rng)).toThrow(RangeError);
    expect(() => step({ ticks: 123n }, CLASS_WALK.stock, Number.NaN, rng)).toThrow(RangeError);
    expect(() => step({ ticks: 0n }, CLASS_WALK.stock, 1000, rng)).toThrow(RangeError);
  });

  it('has realistic per-class parameters', () => {
    expect(CLASS_WALK.crypto).toEqual({ annualVolatility: 0.65, jumpsPerDay: 3, jumpSize: 0.01 });
    expect(CLASS_WALK.forex.annualVolatility).toBeLessThan(CLASS_WALK.metal.annualVolatility);
    expect(CLASS_WALK.metal.annualVolatility).toBeLessThan(CLASS_WALK.stock.annualVolatility);
  });
});

describe('tick grid', () => {
  it('converts exactly between prices and ticks', () => {
    expect(priceToTicks('65000.5', '0.01')).toBe(6_500_050n);
    expect(ticksToPrice(6_500_050n, '0.01')).toBe('65000.5');
    expect(priceToTicks('1.08123', '0.00001')).toBe(108_123n);
    expect(ticksToPrice(108_123n, '0.00001')).toBe('1.08123');
    expect(ticksToPrice(3n, '0.000000000000000001')).toBe('0.000000000000000003');
    expect(priceToTicks('2350', '0.25')).toBe(9400n);
    expect(ticksToPrice(9401n, '0.25')).toBe('2350.25');
  });

  it('rounds an off-grid price half-up to the nearest tick', () => {
    expect(priceToTicks('1.005', '0.01')).toBe(101n);
    expect(priceToTicks('1.0049999', '0.01')).toBe(100n);
    expect(priceToTicks('10.125', '0.25')).toBe(41n);
    expect(priceToTicks('10.124', '0.25')).toBe(40n);
  });

  it('round-trips every on-grid price', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.constantFrom('1', '0.01', '0.00001', '0.25', '0.000001'),
        (ticks, tick) => {
          expect(priceToTicks(ticksToPrice(ticks, tick), tick)).toBe(ticks);
        },
      ),
    );
  });

  it('refuses a non-positive tick size and a negative price', () => {
    expect(() => priceToTicks('1', '0')).toThrow(DecimalError);
    expect(() => ticksToPrice(1n, '-0.01')).toThrow(DecimalError);
    expect(() => priceToTicks('-1', '0.01')).toThrow(DecimalError);
    expect(() => priceToTicks('abc', '0.01')).toThrow(DecimalError);
  });
});
