/**
 * Seeded random-walk price simulator for the embedded reference feed.
 *
 * A JS number never holds a price: the walk state is an exact integer count of ticks (bigint), and
 * prices go in and out as exact decimal strings through decimal.ts. Floating point is used only for
 * the random movement multiplier exp(log-return), which is converted to a fixed-point integer
 * (15 decimal digits) before it touches the tick count.
 */
import { DecimalError, formatUnits, parseUnits } from '../money/decimal.ts';
import type { Rng } from './rng.ts';

export type InstrumentClass = 'crypto' | 'stock' | 'forex' | 'metal' | 'commodity';

export interface WalkParams {
  /** Annualised volatility of the diffusive part (0.65 = 65% a year). */
  annualVolatility: number;
  /** Expected number of jumps per day (Poisson intensity). */
  jumpsPerDay: number;
  /** Standard deviation of one jump's log-return. */
  jumpSize: number;
}

/** Realistic per-class parameters. */
export const CLASS_WALK: Record<InstrumentClass, WalkParams> = {
  crypto: { annualVolatility: 0.65, jumpsPerDay: 3, jumpSize: 0.01 },
  stock: { annualVolatility: 0.3, jumpsPerDay: 0.5, jumpSize: 0.008 },
  forex: { annualVolatility: 0.08, jumpsPerDay: 0.2, jumpSize: 0.002 },
  metal: { annualVolatility: 0.15, jumpsPerDay: 0.3, jumpSize: 0.004 },
  commodity: { annualVolatility: 0.3, jumpsPerDay: 0.5, jumpSize: 0.008 },
};

export interface WalkState {
  /** Price as an integer count of tickSize; always >= 1. */
  ticks: bigint;
}

const DAY_MS = 86_400_000;
/** Volatility is annualised over calendar time (365.25 days), the convention for a 24/7 market. */
const YEAR_MS = 365.25 * DAY_MS;
/** Fixed-point scale of the multiplier: 1e15 keeps a multiplier near 1 exact below 2^53. */
const MULT_DIGITS = 15;
const MULT_SCALE = 10n ** BigInt(MULT_DIGITS);
const MULT_SCALE_NUM = 10 ** MULT_DIGITS;
/** Caps one step's log-return so exp() stays finite whatever the parameters. */
const MAX_LOG_RETURN = 40;
/** Above this Poisson mean, a normal approximation replaces Knuth's product method. */
const POISSON_EXACT_MAX = 30;

function poisson(lambda: number, rng: Rng): number {
  if (lambda <= 0) return 0;
  if (lambda > POISSON_EXACT_MAX) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * rng.normal()));
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}

/**
 * One step of dtMs: log-return = vol * sqrt(dt/year) * N(0,1) plus a compound Poisson jump (each jump
 * N(0, jumpSize) in log space). The new price is quantised to whole ticks and never below 1 tick.
 *
 * Quantisation rounds stochastically (up with probability equal to the fractional tick), so the
 * expected price is exactly ticks * multiplier and an instrument whose per-step move is smaller than
 * a tick still walks instead of freezing on its grid.
 */
export function step(state: WalkState, params: WalkParams, dtMs: number, rng: Rng): WalkState {
  if (!(dtMs >= 0) || !Number.isFinite(dtMs)) throw new RangeError(`dtMs must be finite and >= 0: ${dtMs}`);
  if (state.ticks < 1n) throw new RangeError(`ticks must be >= 1: ${state.ticks}`);
  if (dtMs === 0) return { ticks: state.ticks };

  let logReturn = params.annualVolatility * Math.sqrt(dtMs / YEAR_MS) * rng.normal();
  if (params.jumpsPerDay > 0 && params.jumpSize > 0) {
    const jumps = poisson((params.jumpsPerDay * dtMs) / DAY_MS, rng);
    if (jumps > 0) logReturn += params.jumpSize * Math.sqrt(jumps) * rng.normal();
  }
  logReturn = Math.min(MAX_LOG_RETURN, Math.max(-MAX_LOG_RETURN, logReturn));

  // The only float: the multiplier, fixed to an integer of 1e-15 before multiplying exact ticks.
  const multiplier = BigInt(Math.round(Math.exp(logReturn) * MULT_SCALE_NUM));
  const scaled = state.ticks * multiplier;
  let ticks = scaled / MULT_SCALE;
  const remainder = scaled % MULT_SCALE; // < 1e15, exact as a number
  if (remainder > 0n && rng.next() * MULT_SCALE_NUM < Number(remainder)) ticks += 1n;
  return { ticks: ticks < 1n ? 1n : ticks };
}

function tickUnits(tickSize: string): bigint {
  const tick = parseUnits(tickSize);
  if (tick <= 0n) throw new DecimalError(`tick size must be positive: ${tickSize}`);
  return tick;
}

/** Exact count of ticks in price; a price off the grid rounds half-up to the nearest tick. */
export function priceToTicks(price: string, tickSize: string): bigint {
  const tick = tickUnits(tickSize);
  const p = parseUnits(price);
  if (p < 0n) throw new DecimalError(`price must not be negative: ${price}`);
  const q = p / tick;
  return (p % tick) * 2n >= tick ? q + 1n : q;
}

/** ticks * tickSize as the shortest exact decimal string ("65000.5", not "65000.50"). */
export function ticksToPrice(ticks: bigint, tickSize: string): string {
  return formatUnits(ticks * tickUnits(tickSize));
}
