import type { Units } from '../money/decimal.ts';
import { assertBalanced, type Leg, netDeltas } from './posting.ts';

/**
 * An in-memory ledger with the same rules as the database one: postings apply whole or not at
 * all, and accounts marked non-negative never go below zero. Used by property tests and as the
 * reference the server's ledger is checked against.
 */
export interface Balance {
  available: Units;
  frozen: Units;
}

export class InsufficientFunds extends Error {
  constructor(
    readonly account: string,
    readonly asset: string,
  ) {
    super(`insufficient ${asset} on ${account}`);
  }
}

export class MemoryLedger {
  private readonly balances = new Map<string, Balance>();
  private readonly journal: Leg[] = [];

  constructor(private readonly nonNegative: (account: string) => boolean) {}

  post(legs: readonly Leg[]): void {
    assertBalanced(legs);
    const deltas = netDeltas(legs);
    for (const d of deltas) {
      const b = this.balance(d.account, d.asset);
      const available = b.available + d.available;
      const frozen = b.frozen + d.frozen;
      if (frozen < 0n || (this.nonNegative(d.account) && available < 0n))
        throw new InsufficientFunds(d.account, d.asset);
    }
    for (const d of deltas) {
      const b = this.balance(d.account, d.asset);
      this.balances.set(key(d.account, d.asset), {
        available: b.available + d.available,
        frozen: b.frozen + d.frozen,
      });
    }
    this.journal.push(...legs);
  }

  balance(account: string, asset: string): Balance {
    return this.balances.get(key(account, asset)) ?? { available: 0n, frozen: 0n };
  }

  /** The invariants of PRODUCT.md §2.6; returns what is wrong, empty when all holds. */
  check(): string[] {
    const problems: string[] = [];
    const sums = new Map<string, Units>();
    const fromJournal = new Map<string, Balance>();
    for (const leg of this.journal) {
      sums.set(leg.asset, (sums.get(leg.asset) ?? 0n) + leg.amount);
      const k = key(leg.account, leg.asset);
      const b = fromJournal.get(k) ?? { available: 0n, frozen: 0n };
      b[leg.field] += leg.amount;
      fromJournal.set(k, b);
    }
    for (const [asset, sum] of sums) if (sum !== 0n) problems.push(`journal of ${asset} sums to ${sum}`);
    for (const [k, b] of this.balances) {
      const j = fromJournal.get(k) ?? { available: 0n, frozen: 0n };
      if (j.available !== b.available || j.frozen !== b.frozen)
        problems.push(`balance ${k} differs from its journal`);
      const [account = ''] = k.split('\u0000');
      if (b.frozen < 0n || (this.nonNegative(account) && b.available < 0n))
        problems.push(`balance ${k} is negative`);
    }
    return problems;
  }
}

const key = (account: string, asset: string) => `${account}\u0000${asset}`;
