import { createRng, type MarketSpec, mulUnits, parseUnits, type Units } from '@otc/core';

/**
 * The market maker's ladder for one book (issue 13: 20 levels a side, sized like a real book), pure.
 *
 * - The inner level sits `halfSpread` from the index each side, on the tick: it follows the index
 *   closely (the maker requotes it when the index moves half a step).
 * - The 19 deeper levels sit on a grid of round prices (1, 2 or 5 times a power of ten, about `step`
 *   of the index apart), starting a step beyond the inner level. Round prices stay put while the
 *   index moves, so most deep orders stay on the book from one round to the next: the maker places
 *   and cancels only the levels that come into or fall out of the ladder.
 * - Sizes grow with distance (level k is worth `notional × (1 + growth × k)`) and vary level by
 *   level by a factor drawn from a generator seeded by the book and the price (deterministic, not a
 *   secret): the inner level is worth 1 to 1.5 times `notional`, a deeper one 0.7 to 1.5 times its share.
 */
export const LADDER = {
  levels: 20,
  /** Distance of the inner level from the index, each side. */
  halfSpread: parseUnits('0.0005'),
  /** Roughly the distance between levels, as a fraction of the index. */
  step: parseUnits('0.0005'),
  /** Value of the inner level in quote, before its variation. */
  notional: parseUnits('1000'),
  /** How much more each level further out is worth: level k is 1 + 0.35 k times the inner one. */
  growthPermille: 350n,
};

const ONE = parseUnits('1');

export interface LadderOrder {
  side: 'buy' | 'sell';
  /** Price in ticks. */
  ticks: bigint;
  /** Size in lots. */
  lots: bigint;
  /** 0 for the inner level, then outwards. */
  level: number;
}

/**
 * The ladder around `index` (quote units), its inner level around `innerIndex` (the index it was
 * last placed at, while that is still close enough; else `index`). Levels worth less than the
 * minimum notional, or less than a lot, are left out.
 */
export function makerLadder(spec: MarketSpec, book: string, index: Units, innerIndex = index): LadderOrder[] {
  const out: LadderOrder[] = [];
  const innerBid = mulUnits(innerIndex, ONE - LADDER.halfSpread) / spec.tickUnits;
  const innerAsk = ceilDiv(mulUnits(innerIndex, ONE + LADDER.halfSpread, 'up'), spec.tickUnits);
  const grid = gridTicks(spec, index);
  // The first deep level: a step beyond the inner level, on the grid, and never at or inside it.
  let bid = (mulUnits(index, ONE - LADDER.halfSpread - LADDER.step) / spec.tickUnits / grid) * grid;
  let ask =
    ceilDiv(ceilDiv(mulUnits(index, ONE + LADDER.halfSpread + LADDER.step, 'up'), spec.tickUnits), grid) *
    grid;
  while (bid >= innerBid) bid -= grid;
  while (ask <= innerAsk) ask += grid;
  for (let level = 0; level < LADDER.levels; level++) {
    const bidTicks = level === 0 ? innerBid : bid;
    const askTicks = level === 0 ? innerAsk : ask;
    for (const [side, ticks] of [
      ['buy', bidTicks],
      ['sell', askTicks],
    ] as const) {
      if (ticks <= 0n) continue;
      const lots = levelValue(book, side, ticks, level) / (ticks * spec.quotePerTickLot);
      if (lots <= 0n || ticks * lots < spec.minTickLots) continue;
      out.push({ side, ticks, lots, level });
    }
    if (level > 0) {
      bid -= grid;
      ask += grid;
    }
  }
  return out;
}

/** What a level is worth in quote units: growing with distance, varied by a seeded draw per price. */
export function levelValue(book: string, side: 'buy' | 'sell', ticks: bigint, level: number): Units {
  const draw = BigInt(Math.floor(createRng(`maker|${book}|${side}|${ticks}`).next() * 1000));
  const share = (LADDER.notional * (1000n + LADDER.growthPermille * BigInt(level))) / 1000n;
  // Inner: 1 to 1.5 times (a market order for the notional always fills at the inner price); deeper: 0.7 to 1.5.
  const factor = level === 0 ? 1000n + draw / 2n : 700n + (draw * 4n) / 5n;
  return (share * factor) / 1000n;
}

/** The grid between deep levels in ticks: a round price (1, 2 or 5 × 10^n) near `step` of the index. */
export function gridTicks(spec: MarketSpec, index: Units): bigint {
  const target = mulUnits(index, LADDER.step);
  let unit = 1n; // units of 10^-18
  while (unit * 10n <= target) unit *= 10n;
  const round = target >= unit * 5n ? unit * 5n : target >= unit * 2n ? unit * 2n : unit;
  const ticks = round / spec.tickUnits;
  return ticks > 0n ? ticks : 1n;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
