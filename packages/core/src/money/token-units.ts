import { DecimalError, formatUnits, parseUnits, SCALE, type Units } from './decimal.ts';

/**
 * Amounts between the money module's fixed point (decimal strings, `Units`) and a token's integer
 * units (an ERC-20's `decimals`: USDT's 6 make 0.1 USDT 100000 units): exact both ways, never a
 * float. Amounts have at most 20 whole digits and 18 places, as every amount of the platform.
 */
export class TokenAmountError extends DecimalError {
  constructor(readonly reason: 'invalid' | 'too_precise') {
    super(reason === 'invalid' ? 'not a decimal amount' : 'more decimals than the token has');
  }
}

/** Converts an amount in 18-decimal units to the token's integer units; exact, or null when it would lose digits. */
export function toTokenUnits(amount: Units, decimals: number): bigint | null {
  if (decimals >= SCALE) return amount * 10n ** BigInt(decimals - SCALE);
  const step = 10n ** BigInt(SCALE - decimals);
  return amount % step === 0n ? amount / step : null;
}

/** A plain amount as a user types it: digits, and a fraction after a point if any (no sign, no exponent). */
const AMOUNT = /^(\d+)(?:\.(\d+))?$/;

/** The token's units of a typed amount ("0.1" at 6 decimals is 100000n); throws TokenAmountError. */
export function parseTokenAmount(amount: string, decimals: number): bigint {
  const match = AMOUNT.exec(amount.trim());
  if (!match) throw new TokenAmountError('invalid');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) throw new TokenAmountError('too_precise');
  let units: Units;
  try {
    units = parseUnits(fraction ? `${match[1]}.${fraction}` : (match[1] as string));
  } catch (error) {
    if (error instanceof DecimalError) throw new TokenAmountError('invalid');
    throw error;
  }
  // Never null: the amount has no more places than the token.
  return toTokenUnits(units, decimals) as bigint;
}

/** The decimal amount of a token's units (100000n at 6 decimals is "0.1"), in its shortest form. */
export function formatTokenUnits(units: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > SCALE)
    throw new RangeError(`a token shown as an amount has 0 to ${SCALE} decimals: ${decimals}`);
  return formatUnits(units * 10n ** BigInt(SCALE - decimals));
}
