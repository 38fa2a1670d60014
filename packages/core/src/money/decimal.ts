/**
 * Exact decimal money as bigint fixed-point with 18 decimal places, matching NUMERIC(38,18) in SQL.
 * Values come in and go out as decimal strings; a JS number never holds an amount.
 */
export const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);
const PATTERN = /^(-)?(\d{1,20})(?:\.(\d{1,18}))?$/;

/** An amount in units of 10^-18. */
export type Units = bigint;

export class DecimalError extends Error {}

/** Parses a decimal string ("12.5", "-0.000001"); throws DecimalError on anything else. */
export function parseUnits(text: string): Units {
  const m = PATTERN.exec(text.trim());
  if (!m) throw new DecimalError(`not a decimal: ${text}`);
  const [, sign, whole = '0', frac = ''] = m;
  const units = BigInt(whole) * ONE + BigInt(frac.padEnd(SCALE, '0'));
  return sign ? -units : units;
}

/**
 * The shortest form of a decimal string ("60000.000000000000000000" gives "60000"), exactly what
 * `formatUnits(parseUnits(text))` gives, by trimming rather than arithmetic: every order row the
 * server answers with passes through here, NUMERIC text with 18 places. Throws as parseUnits does.
 */
export function canonicalDecimal(text: string): string {
  const m = PATTERN.exec(text.trim());
  if (!m) throw new DecimalError(`not a decimal: ${text}`);
  const [, sign, whole = '0', frac = ''] = m;
  const w = whole.replace(LEADING_ZEROS, '');
  const f = frac.replace(TRAILING_ZEROS, '');
  if (w === '0' && f === '') return '0';
  return `${sign ?? ''}${w}${f ? `.${f}` : ''}`;
}
const LEADING_ZEROS = /^0+(?=\d)/;
const TRAILING_ZEROS = /0+$/;

/** Whether `text` is a decimal string with at most `maxDecimals` places. */
export function isDecimal(text: string, maxDecimals = SCALE): boolean {
  const m = PATTERN.exec(text.trim());
  return m !== null && (m[3]?.length ?? 0) <= maxDecimals;
}

/** Formats units as the shortest decimal string ("1.5", "0", "-0.000001"). */
export function formatUnits(units: Units, minDecimals = 0): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / ONE;
  let frac = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

export type Rounding = 'down' | 'up' | 'half-up';

/** Rounds to `decimals` places: 'down' toward zero, 'up' away from zero, 'half-up' to nearest. */
export function roundUnits(units: Units, decimals: number, mode: Rounding = 'down'): Units {
  const step = 10n ** BigInt(SCALE - decimals);
  const rest = units % step;
  if (rest === 0n) return units;
  const truncated = units - rest;
  const away = units < 0n ? truncated - step : truncated + step;
  if (mode === 'down') return truncated;
  if (mode === 'up') return away;
  const abs = rest < 0n ? -rest : rest;
  return abs * 2n >= step ? away : truncated;
}

/** a x b, exact to 18 places then rounded as asked (default toward zero). */
export function mulUnits(a: Units, b: Units, mode: Rounding = 'down'): Units {
  return divRound(a * b, ONE, mode);
}

/** a / b to 18 places, rounded as asked (default toward zero). */
export function divUnits(a: Units, b: Units, mode: Rounding = 'down'): Units {
  if (b === 0n) throw new DecimalError('division by zero');
  return divRound(a * ONE, b, mode);
}

function divRound(n: bigint, d: bigint, mode: Rounding): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const negative = n < 0n !== d < 0n;
  const away = negative ? q - 1n : q + 1n;
  if (mode === 'down') return q;
  if (mode === 'up') return away;
  const absR = r < 0n ? -r : r;
  const absD = d < 0n ? -d : d;
  return absR * 2n >= absD ? away : q;
}

export const units = (text: string) => parseUnits(text);

/** The ledger's columns are NUMERIC(38,18): they hold values below 10^20 in size. */
const LEDGER_BOUND: Units = 10n ** 38n;
/** Whether a value fits a ledger column; a value that does not must be refused before it is stored. */
export const fitsLedger = (u: Units): boolean => u < LEDGER_BOUND && u > -LEDGER_BOUND;
export const ZERO: Units = 0n;
