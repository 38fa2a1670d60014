import { formatUnits, isDecimal, parseUnits, roundUnits, type Units } from '@otc/core/money/decimal';
import { USER_ACCOUNT_KINDS, type UserAccountKind } from '@otc/protocol/ledger/accounts';
import type { TKey } from '../i18n/keys.ts';

/** The user's three accounts (PRODUCT.md "Accounts and money"). */
export const ACCOUNT_KINDS = USER_ACCOUNT_KINDS;
export type AccountKind = UserAccountKind;

export function isAccountKind(value: unknown): value is AccountKind {
  return typeof value === 'string' && (ACCOUNT_KINDS as readonly string[]).includes(value);
}

export const ACCOUNT_LABELS: Record<AccountKind, TKey> = {
  funding: 'assets.accounts.funding',
  contract: 'assets.accounts.contract',
  fiat: 'assets.accounts.fiat',
};

/** The accounts' short names, for the Assets page's tabs: three fit side by side at 390 px in every language. */
export const ACCOUNT_TAB_LABELS: Record<AccountKind, TKey> = {
  funding: 'assets.accountTabs.funding',
  contract: 'assets.accountTabs.contract',
  fiat: 'assets.accountTabs.fiat',
};

/** A different account than `kind`, for the other side of a transfer. */
export function otherAccount(kind: AccountKind): AccountKind {
  return kind === 'funding' ? 'contract' : 'funding';
}

/** Units of a decimal string, or undefined when it is not one. */
function unitsOf(text: string): bigint | undefined {
  try {
    return parseUnits(text);
  } catch {
    return undefined;
  }
}

export function isZeroAmount(text: string): boolean {
  return unitsOf(text) === 0n;
}

/**
 * Rows with a zero total are left out when the user hides zero balances. Hidden unless the user
 * chose to see them (like Binance's "Hide small assets"): the choice is remembered on the device.
 */
export function hidesZeroBalances(stored: unknown): boolean {
  return stored !== false;
}

/** Rows with a zero total are left out when the user hides zero balances. */
export function visibleBalances<T extends { total: string }>(rows: readonly T[], hideZero: boolean): T[] {
  return hideZero ? rows.filter((row) => !isZeroAmount(row.total)) : [...rows];
}

/**
 * What the amount box keeps of what was typed: digits and one decimal point (a comma, as some
 * keyboards give, counts as the point). Nothing else, so a paste cannot smuggle in a sign or spaces.
 */
export function cleanAmountInput(raw: string): string {
  const text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot === -1) return text;
  return `${text.slice(0, dot + 1)}${text.slice(dot + 1).replace(/\./g, '')}`;
}

/** The "Max" amount: what is available, cut (never rounded up) to the asset's decimals. */
export function maxAmount(available: string, decimals: number): string {
  const units = unitsOf(available);
  if (units === undefined || units <= 0n) return '0';
  return formatUnits(roundUnits(units, Math.max(0, Math.min(decimals, 18)), 'down'));
}

export type AmountProblem =
  | { kind: 'enter' }
  | { kind: 'invalid' }
  | { kind: 'decimals'; decimals: number }
  | { kind: 'zero' }
  | { kind: 'insufficient' };

/**
 * Checks an amount before it is sent: present, a plain decimal, within the asset's decimals,
 * more than zero and (when known) not more than what is available. Compared as exact decimals.
 */
export function checkAmount(
  text: string,
  rules: { decimals: number; available?: string | undefined },
): AmountProblem | null {
  if (text.trim() === '') return { kind: 'enter' };
  const normalised = plainDecimal(text);
  if (!/^\d+(\.\d+)?$/.test(normalised) || !isDecimal(normalised)) return { kind: 'invalid' };
  if (!isDecimal(normalised, rules.decimals)) return { kind: 'decimals', decimals: rules.decimals };
  const units = parseUnits(normalised);
  if (units <= 0n) return { kind: 'zero' };
  if (rules.available !== undefined) {
    const available = unitsOf(rules.available) ?? 0n;
    if (units > available) return { kind: 'insufficient' };
  }
  return null;
}

/** "5." reads as 5 and ".5" as 0.5, as a user typing them means. */
function plainDecimal(text: string): string {
  const value = text.trim().replace(/\.$/, '');
  return value.startsWith('.') ? `0${value}` : value;
}

/** The amount as it is sent: trimmed, without a trailing point, in its shortest form. */
export function amountToSend(text: string): string {
  const value = plainDecimal(text);
  const units = unitsOf(value);
  return units === undefined ? value : formatUnits(units);
}

/** The message key for a problem, with the count a plural message needs. */
export function amountProblemMessage(problem: AmountProblem): { key: TKey; count?: number } {
  switch (problem.kind) {
    case 'enter':
      return { key: 'assets.amount.enter' };
    case 'invalid':
      return { key: 'assets.amount.invalid' };
    case 'decimals':
      return { key: 'assets.amount.decimals', count: problem.decimals };
    case 'zero':
      return { key: 'assets.amount.zero' };
    case 'insufficient':
      return { key: 'assets.amount.insufficient' };
  }
}

export type Tone = 'up' | 'down' | 'flat';

/** Money in is green, money out is red (a signed decimal string). */
export function amountTone(signed: string): Tone {
  const units = unitsOf(signed);
  if (units === undefined || units === 0n) return 'flat';
  return units > 0n ? 'up' : 'down';
}

/** A signed amount with its sign always shown: "+12.5", "-3", "0". */
export function withSign(signed: string, formatted: string): string {
  const tone = amountTone(signed);
  const bare = formatted.replace(/^[-+]/, '');
  return tone === 'up' ? `+${bare}` : tone === 'down' ? `-${bare}` : bare;
}

/** Units of a decimal string, or null when it is not one. */
export function unitsOrNull(text: string | undefined | null): Units | null {
  if (text === undefined || text === null) return null;
  const value = text.trim().replace(/\.$/, '');
  if (value === '') return null;
  try {
    return parseUnits(value.startsWith('.') ? `0${value}` : value);
  } catch {
    return null;
  }
}
