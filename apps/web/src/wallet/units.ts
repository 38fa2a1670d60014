/**
 * Amounts between the decimal strings of the wire and a token's integer units, exact both ways:
 * decimal arithmetic on strings and bigints, never a float (0.1 USDT is 100000 units, not 99999).
 */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export class AmountError extends Error {
  constructor(readonly reason: 'invalid' | 'too_precise') {
    super(reason === 'invalid' ? 'not a decimal amount' : 'more decimals than the token has');
  }
}

export function toUnits(amount: string, decimals: number): bigint {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new AmountError('invalid');
  const whole = match[1] as string;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) throw new AmountError('too_precise');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
