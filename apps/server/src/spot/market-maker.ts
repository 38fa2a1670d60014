import { move, parseUnits, platformAccount, roundUnits, userAccount } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../context.ts';
import type { MarketHub } from '../market/index.ts';
import type { Stop } from '../platform/area.ts';
import { repeat } from '../platform/repeat.ts';
import { post } from '../postings/index.ts';
import { ensureSystemUser } from '../users/index.ts';
import type { SpotEngine } from './engine.ts';
import type { SpotEngines } from './engines.ts';
import type { NewOrder } from './intake.ts';
import { LADDER, makerLadder } from './maker-ladder.ts';

/**
 * The platform's market maker (issue 5): keeps both books of every spot market (live and demo)
 * two-sided around the index price, 20 levels a side (`maker-ladder.ts`), from its own ledger
 * account per realm, funded once from the treasury. It reads only the index, never users' orders,
 * and only quotes: it never takes, so every trade on a book has a taker who chose to trade.
 */
export const MAKER = {
  /**
   * Inventory at first start: this much quote, and this much quote's worth of every base. A full
   * ladder is worth at most about 130,000 quote a side (20 levels, see LADDER), so the quote covers
   * the bids of all 20 books with room for one book's new ladder going up before its old one comes
   * down, and each base covers its asks many times over (maker-ladder.test.ts checks this).
   */
  inventory: parseUnits('5000000'),
  everyMs: 3000,
};

const ONE = parseUnits('1');

/**
 * Whether a maker order still rests on its book as placed (not hit, not gone). The maker runs in
 * the process that owns the engines, so the book in memory answers without a query.
 */
const untouched = (engine: SpotEngine, id: string) => {
  const o = engine.resting(id);
  return o !== undefined && o.remaining === o.qty;
};

/** A maker order on the book: its id, side, price in ticks and level (0 is the inner one). */
type Placed = { id: string; side: NewOrder['side']; ticks: bigint; level: number };
const INVITE: Record<Realm, string> = { live: 'MAKERLIVE', demo: 'MAKERDEMO' };

export class MarketMaker {
  /** Each book's quotes: the index its inner level was placed at, and its orders on the book. */
  private readonly quotes = new Map<string, { innerIndex: bigint; orders: Placed[] }>();
  private running = false;

  private constructor(
    private readonly ctx: AppContext,
    private readonly engines: SpotEngines,
    private readonly market: MarketHub,
    private readonly makers: Record<Realm, string>,
  ) {}

  /** Finds or creates the maker's account in each realm and funds it on first start. */
  static async create(ctx: AppContext, engines: SpotEngines, market: MarketHub): Promise<MarketMaker> {
    const makers = {
      live: await ensureSystemUser(ctx, 'real', 'Market maker', INVITE.live),
      demo: await ensureSystemUser(ctx, 'demo', 'Market maker', INVITE.demo),
    };
    for (const realm of ['live', 'demo'] as const)
      await fundOnce(ctx, market, {
        realm,
        userId: makers[realm],
        kind: 'maker.fund',
        inventory: MAKER.inventory,
      });
    const maker = new MarketMaker(ctx, engines, market, makers);
    await maker.adopt();
    return maker;
  }

  /**
   * Takes over the quotes an earlier run left on the books (a restart restores them): an order at a
   * price the first ladder keeps stays, the others come down once the new ladder is up. Without
   * this, every restart would leave a full ladder behind, holding the maker's inventory for good.
   */
  private async adopt(): Promise<void> {
    for (const realm of ['live', 'demo'] as const) {
      const rows = await this.ctx.db.query<{
        id: string;
        symbol: string;
        side: 'buy' | 'sell';
        price: string;
      }>(
        `SELECT id::text AS id, symbol, side, price::text AS price FROM spot_orders
         WHERE user_id = $1 AND realm = $2 AND type = 'limit' AND status IN ('new', 'open', 'partial')
         ORDER BY spot_orders.id`,
        [this.makers[realm], realm],
      );
      for (const r of rows) {
        const engine = this.engines.get(r.symbol, realm);
        if (!engine) continue;
        const key = `${realm}|${r.symbol}`;
        const quotes = this.quotes.get(key) ?? { innerIndex: 0n, orders: [] };
        // Level -1: never taken for the inner level, so that one is always placed afresh.
        quotes.orders.push({
          id: r.id,
          side: r.side,
          ticks: parseUnits(r.price) / engine.spec.tickUnits,
          level: -1,
        });
        this.quotes.set(key, quotes);
      }
    }
  }

  start(): Stop {
    return repeat((stopped) => this.tick(stopped), MAKER.everyMs, { now: true });
  }

  /**
   * One round: brings every book's quotes to the ladder around its index (until `stopped`). The
   * books are quoted at once: their new orders meet in the intake's batch, one statement for the
   * round instead of one a book (placing them book by book was most of an idle platform's work).
   */
  async tick(stopped: () => boolean = () => false): Promise<void> {
    if (this.running || stopped()) return;
    this.running = true;
    try {
      const books: { engine: SpotEngine; realm: Realm }[] = [];
      for (const spec of this.market.instruments.values()) {
        if (spec.kind !== 'spot') continue;
        for (const realm of ['live', 'demo'] as const) {
          const engine = this.engines.get(spec.symbol, realm);
          if (engine) books.push({ engine, realm });
        }
      }
      await Promise.all(
        books.map(({ engine, realm }) =>
          this.quote(engine, realm).catch((err: unknown) =>
            this.ctx.log.warn({ err, symbol: engine.instrument.symbol }, 'market maker skipped a book'),
          ),
        ),
      );
    } finally {
      this.running = false;
    }
  }

  /**
   * Brings one book's quotes to the ladder: an order still untouched at a price the ladder keeps
   * stays; the ladder's other prices get new orders; the rest (hit, or no longer in the ladder) are
   * cancelled. The inner level stays at the index it was placed at until the index moves half a
   * step from it or one of its orders is hit.
   */
  private async quote(engine: SpotEngine, realm: Realm): Promise<void> {
    const key = `${realm}|${engine.instrument.symbol}`;
    const current = this.quotes.get(key);
    const price = this.market.price(engine.instrument.symbol);
    const open = this.market.status(engine.instrument.symbol).status === 'open';
    const index = price ? parseUnits(price) : 0n;
    if (!open || index <= 0n) {
      this.quotes.delete(key);
      await engine.cancelMany((current?.orders ?? []).map((o) => o.id));
      return;
    }
    const standing = (current?.orders ?? []).filter((o) => untouched(engine, o.id));
    let innerIndex = index;
    if (current) {
      const moved = current.innerIndex > index ? current.innerIndex - index : index - current.innerIndex;
      const innerIntact = standing.filter((o) => o.level === 0).length === 2;
      if (innerIntact && moved * ONE * 2n < LADDER.step * current.innerIndex) innerIndex = current.innerIndex;
    }
    const ladder = makerLadder(engine.spec, key, index, innerIndex);
    const at = (side: string, ticks: bigint) => `${side}|${ticks}`;
    const byPrice = new Map(standing.map((o) => [at(o.side, o.ticks), o]));
    const kept = new Set<string>();
    const wanted: (NewOrder & { level: number })[] = [];
    for (const l of ladder) {
      const same = byPrice.get(at(l.side, l.ticks));
      // A standing order at a ladder price stays (with the size it was given); the inner level is
      // requoted whenever its price moves.
      if (same && (l.level === 0) === (same.level === 0)) kept.add(same.id);
      else wanted.push({ side: l.side, type: 'limit', ticks: l.ticks, lots: l.lots, level: l.level });
    }
    const stale = (current?.orders ?? []).filter((o) => !kept.has(o.id));
    if (current && wanted.length === 0 && stale.length === 0) return;
    // New orders go up before the old ones come down, so the book is never empty between the two
    // (a user's market order would find no price). A new quote that would meet one of the maker's
    // old quotes on the other side waits until the old ones are gone: the maker never trades with itself.
    const crosses = (o: NewOrder) =>
      stale.some((p) =>
        o.side === 'buy'
          ? p.side === 'sell' && (o.ticks as bigint) >= p.ticks
          : p.side === 'buy' && (o.ticks as bigint) <= p.ticks,
      );
    // Whatever happens below, the orders still up stay tracked, so a later round takes them down.
    const live = new Map((current?.orders ?? []).map((o) => [o.id, o]));
    const put = async (orders: (NewOrder & { level: number })[]) => {
      for (const p of await this.place(engine, realm, orders)) live.set(p.id, p);
    };
    try {
      await put(wanted.filter((o) => !crosses(o)));
      // The stale quotes come down together: one transaction for the book's round, not one each.
      await engine.cancelMany(stale.map((o) => o.id));
      for (const o of stale) live.delete(o.id);
      await put(wanted.filter(crosses));
    } finally {
      this.quotes.set(key, { innerIndex, orders: [...live.values()] });
    }
  }

  /**
   * Submitted together, so the intake writes them in one batch. An order the intake refuses is
   * logged and left out; the ones placed are still tracked, so the next round takes them down.
   */
  private async place(
    engine: SpotEngine,
    realm: Realm,
    orders: (NewOrder & { level: number })[],
  ): Promise<Placed[]> {
    // The maker only quotes, never takes: a quote that would meet a resting order on the other side
    // (a user's ask under the index, say) is left out, so every trade has a taker who chose to trade.
    const bestAsk = engine.bestAsk();
    const bestBid = engine.bestBid();
    const quotes = orders.filter((o) =>
      o.side === 'buy'
        ? bestAsk === undefined || (o.ticks as bigint) < bestAsk
        : bestBid === undefined || (o.ticks as bigint) > bestBid,
    );
    const results = await Promise.allSettled(
      quotes.map(({ side, type, ticks, lots }) =>
        this.engines.intake.submit({
          userId: this.makers[realm],
          engine,
          order: { side, type, ticks, lots },
        }),
      ),
    );
    const placed: Placed[] = [];
    results.forEach((r, i) => {
      const order = quotes[i] as NewOrder & { level: number };
      if (r.status === 'fulfilled')
        placed.push({ id: r.value.id, side: order.side, ticks: order.ticks as bigint, level: order.level });
      else
        this.ctx.log.warn({ err: r.reason, symbol: engine.instrument.symbol }, 'market maker order refused');
    });
    return placed;
  }
}

/**
 * A system user's inventory (the maker's, the demo crowd's), moved once from the treasury: `inventory`
 * of quote, and a quote's worth of every base. Posted as `kind` with the user as reference.
 */
export async function fundOnce(
  ctx: AppContext,
  market: MarketHub,
  to: { realm: Realm; userId: string; kind: 'maker.fund' | 'crowd.fund'; inventory: bigint },
): Promise<void> {
  const { realm, userId: makerId, kind, inventory } = to;
  const [funded] = await ctx.db.query('SELECT 1 FROM journal_heads WHERE kind = $1 AND reference = $2', [
    kind,
    makerId,
  ]);
  if (funded) return;
  const spots = [...market.instruments.values()].filter((s) => s.kind === 'spot');
  const assets = await ctx.db.query<{ code: string; decimals: number }>(
    'SELECT code, decimals FROM asset_catalogue',
  );
  const legs = move(platformAccount('treasury'), userAccount(makerId, 'funding'), 'USDT', inventory);
  for (const s of spots) {
    const price = market.price(s.symbol);
    const decimals = assets.find((a) => a.code === s.base)?.decimals;
    if (!price || decimals === undefined) continue;
    const amount = roundUnits((inventory * ONE) / parseUnits(price), decimals);
    if (amount > 0n)
      legs.push(...move(platformAccount('treasury'), userAccount(makerId, 'funding'), s.base, amount));
  }
  await ctx.db.tx((q) => post(q, { realm, kind, reference: makerId, legs }));
  ctx.log.info({ realm, user: makerId, kind, assets: legs.length / 2 }, 'system user funded');
}
