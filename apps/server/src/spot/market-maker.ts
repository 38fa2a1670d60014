import { move, mulUnits, parseUnits, platformAccount, roundUnits, userAccount } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../context.ts';
import { post } from '../ledger/index.ts';
import type { MarketHub } from '../market/index.ts';
import { ensureSystemUser } from '../users/index.ts';
import type { SpotEngine } from './engine.ts';
import type { SpotEngines } from './engines.ts';
import type { NewOrder } from './intake.ts';

/**
 * The platform's market maker (issue 5): keeps both books of every spot market (live and demo)
 * two-sided around the index price, from its own ledger account per realm, funded once from the
 * treasury. It reads only the index, never users' orders.
 */
export const MAKER = {
  levels: 3,
  /** Distance of the first level from the index, each side. */
  halfSpread: parseUnits('0.0005'),
  /** Distance between levels. */
  step: parseUnits('0.0005'),
  /** Value of the first level in quote; level k holds k + 1 times it. */
  notional: parseUnits('1000'),
  /** Inventory at first start: this much quote, and this much quote's worth of every base. */
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

/** A maker order on the book: its id, side and price in ticks. */
type Placed = { id: string; side: NewOrder['side']; ticks: bigint };
const INVITE: Record<Realm, string> = { live: 'MAKERLIVE', demo: 'MAKERDEMO' };

export class MarketMaker {
  /** Each book's current ladder: the index it was built on, its orders, and its inner prices (ticks). */
  private readonly quotes = new Map<
    string,
    { mid: bigint; ids: string[]; highestBid: bigint | undefined; lowestAsk: bigint | undefined }
  >();
  private timer: NodeJS.Timeout | undefined;
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
    for (const realm of ['live', 'demo'] as const) await fund(ctx, market, realm, makers[realm]);
    return new MarketMaker(ctx, engines, market, makers);
  }

  start(): () => void {
    this.timer = setInterval(() => void this.tick(), MAKER.everyMs);
    this.timer.unref();
    void this.tick();
    return () => clearInterval(this.timer);
  }

  /** One round: requote every book whose index moved by half a step or whose quotes were hit. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const spec of this.market.instruments.values()) {
        if (spec.kind !== 'spot') continue;
        for (const realm of ['live', 'demo'] as const) {
          const engine = this.engines.get(spec.symbol, realm);
          if (engine)
            await this.quote(engine, realm).catch((err: unknown) =>
              this.ctx.log.warn({ err, symbol: spec.symbol }, 'market maker skipped a book'),
            );
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async quote(engine: SpotEngine, realm: Realm): Promise<void> {
    const key = `${realm}|${engine.instrument.symbol}`;
    const current = this.quotes.get(key);
    const price = this.market.price(engine.instrument.symbol);
    const open = this.market.status(engine.instrument.symbol).status === 'open';
    const index = price ? parseUnits(price) : 0n;
    if (current && open && index > 0n) {
      const moved = current.mid > index ? current.mid - index : index - current.mid;
      const intact = current.ids.length > 0 && current.ids.every((id) => untouched(engine, id));
      if (intact && moved * ONE * 2n < MAKER.step * current.mid) return;
    }
    this.quotes.delete(key);
    if (!open || index <= 0n) {
      for (const id of current?.ids ?? []) await engine.cancel(id);
      return;
    }
    const { spec } = engine;
    const ladder: NewOrder[] = [];
    for (let k = 0n; k < BigInt(MAKER.levels); k++) {
      const offset = MAKER.halfSpread + MAKER.step * k;
      const bid = mulUnits(index, ONE - offset) / spec.tickUnits;
      const ask = (mulUnits(index, ONE + offset, 'up') + spec.tickUnits - 1n) / spec.tickUnits;
      for (const [side, ticks] of [
        ['buy', bid],
        ['sell', ask],
      ] as const) {
        const value = MAKER.notional * (k + 1n);
        const lots = value / (ticks * spec.quotePerTickLot);
        if (ticks <= 0n || lots <= 0n || ticks * lots < spec.minTickLots) continue;
        ladder.push({ side, type: 'limit', ticks, lots });
      }
    }
    // The new ladder goes up before the old one comes down, so the book is never empty between the
    // two (a user's market order would find no price). A new quote that would meet the maker's own
    // old quote on the other side waits until the old ones are gone: the maker never trades with itself.
    const crosses = (o: NewOrder) =>
      current !== undefined &&
      (o.side === 'buy'
        ? current.lowestAsk !== undefined && (o.ticks as bigint) >= current.lowestAsk
        : current.highestBid !== undefined && (o.ticks as bigint) <= current.highestBid);
    // Whatever happens below, the orders still up stay tracked, so a later round takes them down.
    const live = new Set(current?.ids ?? []);
    const placed: Placed[] = [];
    const put = async (orders: NewOrder[]) => {
      for (const p of await this.place(engine, realm, orders)) {
        placed.push(p);
        live.add(p.id);
      }
    };
    try {
      await put(ladder.filter((o) => !crosses(o)));
      for (const id of current?.ids ?? []) {
        await engine.cancel(id);
        live.delete(id);
      }
      await put(ladder.filter(crosses));
    } finally {
      // Prices in ticks, best first: the highest bid, the lowest ask.
      const best = (side: NewOrder['side']) =>
        placed
          .filter((p) => p.side === side)
          .map((p) => p.ticks)
          .sort((a, b) => (side === 'buy' ? Number(b - a) : Number(a - b)))[0];
      this.quotes.set(key, { mid: index, ids: [...live], highestBid: best('buy'), lowestAsk: best('sell') });
    }
  }

  /**
   * Submitted together, so the intake writes them in one batch. An order the intake refuses is
   * logged and left out; the ones placed are still tracked, so the next round takes them down.
   */
  private async place(engine: SpotEngine, realm: Realm, orders: NewOrder[]): Promise<Placed[]> {
    const results = await Promise.allSettled(
      orders.map((order) => this.engines.intake.submit({ userId: this.makers[realm], engine, order })),
    );
    const placed: Placed[] = [];
    results.forEach((r, i) => {
      const order = orders[i] as NewOrder;
      if (r.status === 'fulfilled')
        placed.push({ id: r.value.id, side: order.side, ticks: order.ticks as bigint });
      else
        this.ctx.log.warn({ err: r.reason, symbol: engine.instrument.symbol }, 'market maker order refused');
    });
    return placed;
  }
}

/** The maker's inventory, moved once from the treasury: quote, and a quote's worth of every base. */
async function fund(ctx: AppContext, market: MarketHub, realm: Realm, makerId: string): Promise<void> {
  const [funded] = await ctx.db.query('SELECT 1 FROM journal WHERE kind = $1 AND reference = $2', [
    'maker.fund',
    makerId,
  ]);
  if (funded) return;
  const spots = [...market.instruments.values()].filter((s) => s.kind === 'spot');
  const assets = await ctx.db.query<{ code: string; decimals: number }>('SELECT code, decimals FROM assets');
  const legs = move(platformAccount('treasury'), userAccount(makerId, 'funding'), 'USDT', MAKER.inventory);
  for (const s of spots) {
    const price = market.price(s.symbol);
    const decimals = assets.find((a) => a.code === s.base)?.decimals;
    if (!price || decimals === undefined) continue;
    const amount = roundUnits((MAKER.inventory * ONE) / parseUnits(price), decimals);
    if (amount > 0n)
      legs.push(...move(platformAccount('treasury'), userAccount(makerId, 'funding'), s.base, amount));
  }
  await ctx.db.tx((q) => post(q, { realm, kind: 'maker.fund', reference: makerId, legs }));
  ctx.log.info({ realm, maker: makerId, assets: legs.length / 2 }, 'market maker funded');
}
