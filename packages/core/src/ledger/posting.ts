import type { Units } from '../money/decimal.ts';

/**
 * Double-entry postings, pure. A posting is a set of legs; each leg changes one balance (the
 * available or the frozen part of one account in one asset). A posting is valid only when its
 * legs sum to zero per asset, so money is moved, never made or lost.
 */
export type BalanceField = 'available' | 'frozen';

export interface Leg {
  account: string;
  asset: string;
  field: BalanceField;
  amount: Units;
}

export class PostingError extends Error {
  constructor(
    readonly reason: 'unbalanced' | 'empty' | 'zero_leg' | 'non_positive',
    message: string,
  ) {
    super(message);
  }
}

export function assertBalanced(legs: readonly Leg[]): void {
  if (legs.length === 0) throw new PostingError('empty', 'a posting needs legs');
  const sums = new Map<string, Units>();
  for (const leg of legs) {
    if (leg.amount === 0n) throw new PostingError('zero_leg', `zero leg on ${leg.account}`);
    sums.set(leg.asset, (sums.get(leg.asset) ?? 0n) + leg.amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new PostingError('unbalanced', `legs of ${asset} sum to ${sum}, not zero`);
  }
}

export interface Delta {
  account: string;
  asset: string;
  available: Units;
  frozen: Units;
}

/** One change per account and asset, the legs summed; sorted so writers lock in one order. */
export function netDeltas(legs: readonly Leg[]): Delta[] {
  const byKey = new Map<string, Delta>();
  for (const leg of legs) {
    const key = `${leg.account}\u0000${leg.asset}`;
    const d = byKey.get(key) ?? { account: leg.account, asset: leg.asset, available: 0n, frozen: 0n };
    d[leg.field] += leg.amount;
    byKey.set(key, d);
  }
  return [...byKey.values()]
    .filter((d) => d.available !== 0n || d.frozen !== 0n)
    .sort((a, b) => (a.account === b.account ? cmp(a.asset, b.asset) : cmp(a.account, b.account)));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function positive(amount: Units): Units {
  if (amount <= 0n) throw new PostingError('non_positive', 'amounts move in positive quantities');
  return amount;
}

/** available(from) -> available(to) */
export function move(from: string, to: string, asset: string, amount: Units): Leg[] {
  positive(amount);
  return [
    { account: from, asset, field: 'available', amount: -amount },
    { account: to, asset, field: 'available', amount },
  ];
}

/** available -> frozen on one account: set aside for an order, a withdrawal, a loan. */
export function freeze(account: string, asset: string, amount: Units): Leg[] {
  positive(amount);
  return [
    { account, asset, field: 'available', amount: -amount },
    { account, asset, field: 'frozen', amount },
  ];
}

export function unfreeze(account: string, asset: string, amount: Units): Leg[] {
  positive(amount);
  return [
    { account, asset, field: 'frozen', amount: -amount },
    { account, asset, field: 'available', amount },
  ];
}

/** frozen(from) -> available(to): a frozen amount paid out, as a fill or a withdrawal sent. */
export function settle(from: string, to: string, asset: string, amount: Units): Leg[] {
  positive(amount);
  return [
    { account: from, asset, field: 'frozen', amount: -amount },
    { account: to, asset, field: 'available', amount },
  ];
}

/** A fee: available(from) -> the platform's fees account, so every fee is revenue on the books. */
export function fee(from: string, asset: string, amount: Units): Leg[] {
  return move(from, 'platform:main:fees', asset, amount);
}
