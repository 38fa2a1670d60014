import { parseUnits } from '@otc/core';
import type { PositionOrderRow } from './rows.ts';

/**
 * A leveraged instrument's "book" in one realm: the resting limit entries, waiting for the mark.
 * There is no other side to match: every fill is against the dealer, so the book only keeps what
 * waits, and an index tick asks it which entries the mark has reached.
 */
export class PendingBook {
  private readonly entries = new Map<string, PositionOrderRow>();

  add(order: PositionOrderRow): void {
    this.entries.set(order.id, order);
  }

  cancel(id: string): PositionOrderRow | undefined {
    const o = this.entries.get(id);
    this.entries.delete(id);
    return o;
  }

  get(id: string): { remaining: bigint } | undefined {
    const o = this.entries.get(id);
    return o && { remaining: parseUnits(o.lots) };
  }

  /** Every resting entry, oldest first. */
  all(): PositionOrderRow[] {
    return [...this.entries.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  get size(): number {
    return this.entries.size;
  }
}
