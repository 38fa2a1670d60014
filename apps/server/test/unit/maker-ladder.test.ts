import { marketSpec, parseUnits, quoteUnits } from '@otc/core';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../src/market/catalogue.ts';
import { gridTicks, LADDER, makerLadder } from '../../src/spot/maker-ladder.ts';
import { MAKER } from '../../src/spot/market-maker.ts';

const BTC = marketSpec({ tickSize: '0.01', lotSize: '0.00001', minNotional: '5' });
const SPOTS = CATALOGUE.filter((e) => e.kind === 'spot');

describe("the market maker's ladder", () => {
  it('quotes 20 levels a side, the inner one half a step from the index, the rest on round prices further out', () => {
    const ladder = makerLadder(BTC, 'demo|BTC/USDT', parseUnits('60000'));
    const bids = ladder.filter((o) => o.side === 'buy');
    const asks = ladder.filter((o) => o.side === 'sell');
    expect(bids).toHaveLength(20);
    expect(asks).toHaveLength(20);
    expect(bids[0]?.ticks).toBe(5_997_000n); // 59970.00
    expect(asks[0]?.ticks).toBe(6_003_000n); // 60030.00
    // 30 USDT (0.05% of 60,000) rounds to a grid of 20 USDT (2,000 ticks).
    expect(gridTicks(BTC, parseUnits('60000'))).toBe(2000n);
    expect(bids.slice(1).map((o) => Number(o.ticks) / 100)).toEqual(
      Array.from({ length: 19 }, (_, k) => 59940 - 20 * k),
    );
    expect(asks.slice(1).map((o) => Number(o.ticks) / 100)).toEqual(
      Array.from({ length: 19 }, (_, k) => 60060 + 20 * k),
    );
  });

  it('sizes levels like a real book: varied level by level, larger further out, the inner one at least the notional', () => {
    const ladder = makerLadder(BTC, 'live|BTC/USDT', parseUnits('60000'));
    for (const side of ['buy', 'sell'] as const) {
      const values = ladder.filter((o) => o.side === side).map((o) => quoteUnits(BTC, o.ticks, o.lots));
      expect(new Set(values).size).toBe(20);
      expect(values[0] as bigint).toBeGreaterThanOrEqual(LADDER.notional - parseUnits('0.6'));
      const near = values.slice(1, 6).reduce((a, b) => a + b, 0n);
      const far = values.slice(15, 20).reduce((a, b) => a + b, 0n);
      expect(far).toBeGreaterThan(near * 2n);
      // Not a straight line: some level further out is smaller than the one before it, or the steps differ.
      const steps = values.slice(1).map((v, i) => v - (values[i] as bigint));
      expect(new Set(steps).size).toBeGreaterThan(10);
    }
  });

  it('is the same for the same book and index (seeded), and keeps the deep prices while the index moves a little', () => {
    const a = makerLadder(BTC, 'demo|BTC/USDT', parseUnits('60000'));
    expect(makerLadder(BTC, 'demo|BTC/USDT', parseUnits('60000'))).toEqual(a);
    const b = makerLadder(BTC, 'demo|BTC/USDT', parseUnits('60006'));
    const deep = (l: typeof a) => l.filter((o) => o.level > 0).map((o) => `${o.side}${o.ticks}`);
    const shared = deep(b).filter((p) => deep(a).includes(p));
    expect(shared.length).toBeGreaterThanOrEqual(36);
  });

  it('keeps the inner level where it was placed while asked to, never crossing it with a deep level', () => {
    const ladder = makerLadder(BTC, 'demo|BTC/USDT', parseUnits('60014'), parseUnits('60000'));
    const bids = ladder.filter((o) => o.side === 'buy').map((o) => o.ticks);
    const asks = ladder.filter((o) => o.side === 'sell').map((o) => o.ticks);
    expect(bids[0]).toBe(5_997_000n);
    expect(asks[0]).toBe(6_003_000n);
    expect(bids.slice(1).every((t) => t < 5_997_000n)).toBe(true);
    expect(asks.slice(1).every((t) => t > 6_003_000n)).toBe(true);
  });

  it("fits every catalogue pair's rules, and the maker's inventory covers every book's full ladder", () => {
    let bidsOfAllBooks = 0n;
    let largestBook = 0n;
    for (const e of SPOTS) {
      const spec = marketSpec({ tickSize: e.tick, lotSize: e.lot, minNotional: e.minNotional });
      const index = parseUnits(e.price);
      const ladder = makerLadder(spec, `live|${e.symbol}`, index);
      expect(
        ladder.filter((o) => o.side === 'buy'),
        e.symbol,
      ).toHaveLength(20);
      expect(
        ladder.filter((o) => o.side === 'sell'),
        e.symbol,
      ).toHaveLength(20);
      for (const o of ladder) expect(o.ticks * o.lots >= spec.minTickLots, e.symbol).toBe(true);
      const bids = ladder
        .filter((o) => o.side === 'buy')
        .reduce((s, o) => s + quoteUnits(spec, o.ticks, o.lots), 0n);
      const asks = ladder
        .filter((o) => o.side === 'sell')
        .reduce((s, o) => s + quoteUnits(spec, o.ticks, o.lots), 0n);
      bidsOfAllBooks += bids;
      if (bids > largestBook) largestBook = bids;
      // The base set aside for the asks, worth about this much quote, against a quote's worth of base.
      expect(asks * 10n < MAKER.inventory, e.symbol).toBe(true);
    }
    // Every book's bids frozen at once, plus one book's new bids up before its old ones come down
    // (twice, with the fee reserve), stays within the quote inventory.
    expect(bidsOfAllBooks + 2n * largestBook < MAKER.inventory).toBe(true);
  });
});
