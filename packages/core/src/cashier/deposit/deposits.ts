import { parseUnits, SCALE, type Units } from '../../money/decimal.ts';

/**
 * The rules of a chain deposit, without I/O: what a token amount is in ledger units, whether it
 * is credited, and how many confirmations a log in a block has.
 */

/**
 * A token amount (an integer in the token's units, `decimals` read on chain) in ledger units
 * (10^-18), exactly. A token with more than 18 decimals whose amount does not fit is refused
 * rather than rounded: money is never invented nor lost in a conversion.
 */
export function tokenToUnits(value: bigint, decimals: number): Units {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77)
    throw new Error(`bad decimals ${decimals}`);
  if (decimals <= SCALE) return value * 10n ** BigInt(SCALE - decimals);
  const divisor = 10n ** BigInt(decimals - SCALE);
  if (value % divisor !== 0n) throw new Error('amount finer than the ledger keeps');
  return value / divisor;
}

/** What becomes of a seen transfer: waits for confirmations, or is recorded under the minimum. */
export function depositStatusFor(amount: Units, minimum: string): 'pending' | 'below_minimum' {
  return amount < parseUnits(minimum) ? 'below_minimum' : 'pending';
}

/** Confirmations of a log mined in `block` with the chain at `head`: the block itself counts as one. */
export function confirmationsOf(block: bigint, head: bigint): number {
  return head < block ? 0 : Number(head - block + 1n);
}

/**
 * The block range the next scan reads: from after the cursor up to the head, at most `maxSpan`
 * blocks (nodes cap a log query's range), or null when there is nothing new.
 */
export function nextScanRange(
  cursor: bigint,
  head: bigint,
  maxSpan: bigint,
): { from: bigint; to: bigint } | null {
  if (head <= cursor) return null;
  const from = cursor + 1n;
  const to = head - from + 1n > maxSpan ? from + maxSpan - 1n : head;
  return { from, to };
}

/**
 * Where the cursor goes back to when the chain under it changed (a reorg, or a dev chain reverted
 * below it): `depth` blocks below the lower of the cursor and the head. Reading a range again is
 * harmless: a log already recorded is the same deposit (chain, tx hash, log index).
 */
export function rewoundCursor(cursor: bigint, head: bigint, depth: bigint): bigint {
  const top = cursor < head ? cursor : head;
  return top > depth ? top - depth : 0n;
}
