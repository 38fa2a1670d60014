import type { BookTrade } from '@otc/protocol/spot/channels';

/**
 * Recent trades as one list from two sources: the REST snapshot (newest first) and the trades
 * channel (frames oldest first, and on subscribing the channel replays its latest frame, which
 * the snapshot may already hold). Each trade carries the id it was stored under, a number that
 * rises with every trade of the book: merged by that id, a trade shows once, newest first.
 */
export type TapeTrade = BookTrade;

const ID = /^\d{1,20}$/;

function isTrade(value: unknown): value is TapeTrade {
  const t = value as TapeTrade;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof t.id === 'string' &&
    ID.test(t.id) &&
    typeof t.price === 'string' &&
    typeof t.qty === 'string' &&
    typeof t.time === 'string' &&
    (t.takerSide === 'buy' || t.takerSide === 'sell')
  );
}

/** Newest (highest id) first; ids are compared as whole numbers, not as text. */
const newestFirst = (a: TapeTrade, b: TapeTrade) => {
  const x = BigInt(a.id);
  const y = BigInt(b.id);
  return x === y ? 0 : x > y ? -1 : 1;
};

/**
 * `incoming` (a frame: one trade or a list, in any order) merged into `tape`: a trade already there
 * (same id) is not added again, malformed entries are dropped, the newest `limit` kept. The same
 * tape comes back when nothing new arrived, so nothing redraws.
 */
export function mergeTape(tape: readonly TapeTrade[], incoming: unknown, limit: number): TapeTrade[] {
  const known = new Set(tape.map((t) => t.id));
  const fresh: TapeTrade[] = [];
  for (const t of Array.isArray(incoming) ? incoming : [incoming]) {
    if (!isTrade(t) || known.has(t.id)) continue;
    known.add(t.id);
    fresh.push(t);
  }
  if (fresh.length === 0) return tape as TapeTrade[];
  return [...tape, ...fresh].sort(newestFirst).slice(0, limit);
}
