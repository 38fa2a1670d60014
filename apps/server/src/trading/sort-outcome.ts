import { AppError } from '../http/errors.ts';
import type { Idem, StoreOutcome } from './policy.ts';

/** What the ledger's freezeBatch answers, by batch position (the pipeline imports no area). */
export interface FrozenBatch<Bal> {
  accepted: Map<number, string>;
  earlier: Map<number, { hash: string | null; result: { id: string } | null }>;
  balances: Bal[];
}

/**
 * Sorts what a freeze batch did with each request into the intake's outcome, the same for every
 * product: a repeated key answers its first request's id (or a conflict, when the request differs);
 * an accepted freeze is a stored order (`row` makes it from the batch position and the new id); a
 * refused one is refused, unless an earlier order of the same balance (`balanceOf`) was refused in
 * this batch too, when it is tried again first in the next batch (the earlier may have left room).
 */
export function sortOutcome<R extends { idem?: Idem }, O, Bal>(
  batch: R[],
  outcome: FrozenBatch<Bal>,
  row: (n: number, id: string) => O,
  balanceOf: (w: R, n: number) => string,
): StoreOutcome<R, O, Bal> {
  const repeated = new Map<R, string | AppError>();
  const stored: { w: R; row: O }[] = [];
  const refused: R[] = [];
  const retry: R[] = [];
  const short = new Set<string>();
  batch.forEach((w, n) => {
    const earlier = outcome.earlier.get(n);
    const id = outcome.accepted.get(n);
    if (earlier) {
      const same = earlier.hash === w.idem?.requestHash && earlier.result;
      repeated.set(w, same ? (earlier.result as { id: string }).id : new AppError('idempotency_conflict'));
    } else if (id !== undefined) {
      stored.push({ w, row: row(n, id) });
    } else {
      const balance = balanceOf(w, n);
      (short.has(balance) ? retry : refused).push(w);
      short.add(balance);
    }
  });
  return { repeated, stored, refused, retry, balances: outcome.balances };
}
