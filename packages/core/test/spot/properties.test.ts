import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnits, type Units } from '../../src/money/decimal.ts';
import {
  createBook,
  type PlaceOrder,
  type PlaceResult,
  type Side,
  type SpotBook,
} from '../../src/spot/book.ts';
import { settleTrade } from '../../src/spot/fees.ts';
import { baseUnits, quoteUnits } from '../../src/spot/spec.ts';

/**
 * Random command sequences against the book, checked against a deliberately naive model (a flat list
 * of orders, sorted by price then time on every match) and against the accounting invariants.
 * Prices of 90 to 110 ticks and a 5% protection make market orders hit the bound often; the minimum
 * notional (500 tick-lots) refuses a share of the small orders.
 */
const SPEC = { tickSize: '0.01', lotSize: '0.01', minNotional: '0.05', protection: '0.05' };
const MIN_TICK_LOTS = 500n;
const OWNERS = ['alice', 'bob', 'carol'];

type Command =
  | { kind: 'limit'; side: Side; price: number; qty: number; owner: number; dup: number | null }
  | { kind: 'market'; side: Side; qty: number; owner: number }
  | { kind: 'cancel'; pick: number };

const side = fc.constantFrom<Side>('buy', 'sell');
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      side,
      price: fc.integer({ min: 90, max: 110 }),
      qty: fc.integer({ min: 1, max: 30 }),
      owner: fc.nat(OWNERS.length - 1),
      dup: fc.option(fc.nat(), { freq: 10 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side,
      qty: fc.integer({ min: 1, max: 80 }),
      owner: fc.nat(OWNERS.length - 1),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);
const commands = fc.array(command, { maxLength: 200 });

type Step =
  | { kind: 'place'; order: PlaceOrder; result: PlaceResult }
  | { kind: 'cancel'; id: string; cancelled: bigint | undefined };

/** Turns commands into orders with ids (o1, o2…, or `prefix` for o; or an earlier id to test refusal) and runs them. */
function run(
  book: SpotBook,
  cmds: Command[],
  after?: (book: SpotBook, step: Step) => void,
  prefix = 'o',
): Step[] {
  const ids: string[] = [];
  const steps: Step[] = [];
  for (const [i, c] of cmds.entries()) {
    let step: Step;
    if (c.kind === 'cancel') {
      const id = ids.length > 0 ? (ids[c.pick % ids.length] as string) : 'none';
      step = { kind: 'cancel', id, cancelled: book.cancel(id)?.remaining };
    } else {
      const id =
        c.kind === 'limit' && c.dup !== null && ids.length > 0
          ? (ids[c.dup % ids.length] as string)
          : `${prefix}${i}`;
      ids.push(id);
      const order: PlaceOrder =
        c.kind === 'limit'
          ? {
              id,
              side: c.side,
              type: 'limit',
              price: BigInt(c.price),
              qty: BigInt(c.qty),
              owner: OWNERS[c.owner] as string,
            }
          : { id, side: c.side, type: 'market', qty: BigInt(c.qty), owner: OWNERS[c.owner] as string };
      step = { kind: 'place', order, result: book.place(order) };
    }
    steps.push(step);
    after?.(book, step);
  }
  return steps;
}

interface ModelOrder {
  id: string;
  owner: string;
  side: Side;
  price: bigint;
  remaining: bigint;
  seq: number;
}

/** The obvious, slow book: what the fast one must agree with. */
class ModelBook {
  orders: ModelOrder[] = [];
  seq = 0;

  private queue(side: Side): ModelOrder[] {
    return this.orders
      .filter((o) => o.side === side)
      .sort((a, b) =>
        a.price === b.price
          ? a.seq - b.seq
          : (side === 'buy' ? a.price > b.price : a.price < b.price)
            ? -1
            : 1,
      );
  }

  place(o: PlaceOrder): {
    trades: [string, bigint, bigint][];
    rested: bigint;
    cancelled: bigint;
    rejected?: string;
  } {
    this.seq++;
    const none = (rejected: string) => ({ trades: [], rested: 0n, cancelled: 0n, rejected });
    if (this.orders.some((r) => r.id === o.id)) return none('duplicate_id');
    const opposite = this.queue(o.side === 'buy' ? 'sell' : 'buy');
    let bound: bigint;
    if (o.type === 'limit') {
      bound = o.price as bigint;
      if (bound * o.qty < MIN_TICK_LOTS) return none('below_min_notional');
    } else {
      const best = opposite[0]?.price;
      if (best === undefined) return none('no_liquidity');
      if (best * o.qty < MIN_TICK_LOTS) return none('below_min_notional');
      // 5%: a buy may pay up to floor(best × 1.05), a sell take down to ceil(best × 0.95).
      bound = o.side === 'buy' ? (best * 105n) / 100n : (best * 95n + 99n) / 100n;
    }
    const trades: [string, bigint, bigint][] = [];
    let left = o.qty;
    for (const m of opposite) {
      if (left === 0n || (o.side === 'buy' ? m.price > bound : m.price < bound)) break;
      // biome-ignore lint/complexity/useMathMinMax: Math.min does not take bigint
      const q = m.remaining < left ? m.remaining : left;
      trades.push([m.id, m.price, q]);
      m.remaining -= q;
      left -= q;
    }
    this.orders = this.orders.filter((m) => m.remaining > 0n);
    if (left > 0n && o.type === 'limit') {
      this.orders.push({
        id: o.id,
        owner: o.owner,
        side: o.side,
        price: bound,
        remaining: left,
        seq: this.seq,
      });
      return { trades, rested: left, cancelled: 0n };
    }
    return { trades, rested: 0n, cancelled: left };
  }

  cancel(id: string): bigint | undefined {
    this.seq++;
    const o = this.orders.find((r) => r.id === id);
    this.orders = this.orders.filter((r) => r.id !== id);
    return o?.remaining;
  }

  open(): [string, bigint, bigint][] {
    return [...this.queue('buy'), ...this.queue('sell')].map((o) => [o.id, o.price, o.remaining]);
  }
}

describe('spot book properties', () => {
  it('agrees with a naive price-time model on every trade, refusal and resting order', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        const model = new ModelBook();
        run(createBook(SPEC), cmds, (book, step) => {
          if (step.kind === 'cancel') {
            expect(step.cancelled).toBe(model.cancel(step.id));
          } else {
            const want = model.place(step.order);
            const got = step.result;
            expect(got.rejected).toBe(want.rejected);
            expect(got.trades.map((t) => [t.makerId, t.price, t.qty])).toEqual(want.trades);
            expect(got.rested?.remaining ?? 0n).toBe(want.rested);
            expect(got.cancelledQty).toBe(want.cancelled);
          }
          expect(book.openOrders().map((o) => [o.id, o.price, o.remaining])).toEqual(model.open());
        });
      }),
      { numRuns: 300 },
    );
  });

  it('never stays crossed, and depth always sums the resting orders', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        run(createBook(SPEC), cmds, (book) => {
          const bid = book.bestBid();
          const ask = book.bestAsk();
          if (bid !== undefined && ask !== undefined) expect(bid < ask).toBe(true);
          const depth = book.depth();
          const open = book.openOrders();
          for (const [sideName, levels] of [
            ['buy', depth.bids],
            ['sell', depth.asks],
          ] as const) {
            for (const l of levels) {
              const here = open.filter((o) => o.side === sideName && o.price === l.price);
              expect(l.qty).toBe(here.reduce((s, o) => s + o.remaining, 0n));
              expect(l.orders).toBe(here.length);
              expect(l.qty > 0n).toBe(true);
            }
          }
          expect(depth.bids.length + depth.asks.length).toBe(
            new Set(open.map((o) => `${o.side}${o.price}`)).size,
          );
        });
      }),
      { numRuns: 300 },
    );
  });

  it('filled + remaining + cancelled = ordered, for every order over its whole life', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        const book = createBook(SPEC);
        // Key by placing command: a refused duplicate and a reused id are different orders.
        const life = new Map<string, { qty: bigint; filled: bigint; cancelled: bigint; open: boolean }>();
        run(book, cmds, (_, step) => {
          if (step.kind === 'cancel') {
            const o = life.get(step.id);
            if (step.cancelled !== undefined && o) {
              o.cancelled += step.cancelled;
              o.open = false;
            }
            return;
          }
          const r = step.result;
          if (r.rejected) {
            expect(r.trades).toEqual([]);
            expect(r.filledQty + r.cancelledQty).toBe(0n);
            return;
          }
          const filled = r.trades.reduce((s, t) => s + t.qty, 0n);
          expect(r.filledQty).toBe(filled);
          expect(filled + (r.rested?.remaining ?? 0n) + r.cancelledQty).toBe(step.order.qty);
          for (const t of r.trades) {
            const maker = life.get(t.makerId);
            if (maker) maker.filled += t.qty;
          }
          life.set(step.order.id, {
            qty: step.order.qty,
            filled,
            cancelled: r.cancelledQty,
            open: r.rested !== undefined,
          });
        });
        for (const [id, o] of life) {
          const remaining = o.open ? (book.get(id)?.remaining ?? 0n) : 0n;
          expect(o.filled + remaining + o.cancelled).toBe(o.qty);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('settling every trade with fees never changes the total of base or quote across all owners', () => {
    const takerRate = parseUnits('0.001');
    const makerRate = parseUnits('0.0007');
    fc.assert(
      fc.property(commands, (cmds) => {
        const book = createBook(SPEC);
        // Everyone starts with the same; fees go to the platform's account.
        const start = parseUnits('1000000');
        const balances = new Map<string, Units>();
        for (const o of [...OWNERS, 'platform:fees'])
          for (const asset of ['BASE', 'QUOTE'])
            balances.set(`${o}:${asset}`, o === 'platform:fees' ? 0n : start);
        const add = (k: string, v: Units) => balances.set(k, (balances.get(k) ?? 0n) + v);
        const total = (asset: string) =>
          [...balances].filter(([k]) => k.endsWith(`:${asset}`)).reduce((s, [, v]) => s + v, 0n);
        const base0 = total('BASE');
        const quote0 = total('QUOTE');
        let traded = 0n;
        run(book, cmds, (_, step) => {
          if (step.kind !== 'place') return;
          for (const t of step.result.trades) {
            const buyer = t.takerSide === 'buy' ? t.takerOwner : t.makerOwner;
            const seller = t.takerSide === 'buy' ? t.makerOwner : t.takerOwner;
            const quote = quoteUnits(book.spec, t.price, t.qty);
            const s = settleTrade(
              quote,
              t.takerSide === 'buy' ? takerRate : makerRate,
              t.takerSide === 'sell' ? takerRate : makerRate,
            );
            expect(s.buyerPays).toBe(s.sellerReceives + s.feesCollected);
            add(`${buyer}:QUOTE`, -s.buyerPays);
            add(`${seller}:QUOTE`, s.sellerReceives);
            add('platform:fees:QUOTE', s.feesCollected);
            add(`${seller}:BASE`, -baseUnits(book.spec, t.qty));
            add(`${buyer}:BASE`, baseUnits(book.spec, t.qty));
            traded += quote;
          }
          expect(total('BASE')).toBe(base0);
          expect(total('QUOTE')).toBe(quote0);
        });
        // The platform collected no more than the rates allow.
        expect(balances.get('platform:fees:QUOTE') ?? 0n).toBeLessThanOrEqual(
          (traded * (takerRate + makerRate)) / 10n ** 18n,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic: the same commands give the same trades and book', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        const a = createBook(SPEC);
        const b = createBook(SPEC);
        expect(run(a, cmds)).toEqual(run(b, cmds));
        expect(a.openOrders()).toEqual(b.openOrders());
        expect(a.depth()).toEqual(b.depth());
      }),
      { numRuns: 200 },
    );
  });

  it('restoring the open orders in their original order rebuilds the same book, which then acts the same', () => {
    fc.assert(
      fc.property(commands, commands, (cmds, next) => {
        const book = createBook(SPEC);
        run(book, cmds);
        // Oldest first, as recovery reads them: each with what it was ordered and what it has filled.
        // Partial fills often leave a remainder below the minimum notional: it must come back too.
        const open = [...book.openOrders()].sort((x, y) => x.seq - y.seq);
        const rebuilt = createBook(SPEC);
        for (const o of open) {
          const r = rebuilt.restore({
            id: o.id,
            side: o.side,
            type: 'limit',
            price: o.price,
            qty: o.qty,
            filled: o.qty - o.remaining,
            owner: o.owner,
          });
          // A book at rest never crosses: restoring it trades nothing and refuses nothing.
          expect(r).toMatchObject({ trades: [], filledQty: 0n, cancelledQty: 0n });
          expect(r.rejected).toBeUndefined();
        }
        // The same orders (the command numbers differ: only their order counts) and the same depth.
        const kept = (x: SpotBook) =>
          x.openOrders().map((o) => [o.id, o.owner, o.side, o.price, o.qty, o.remaining]);
        expect(kept(rebuilt)).toEqual(kept(book));
        expect(rebuilt.depth()).toEqual(book.depth());
        // And the same priority: the commands that follow trade alike on both.
        const traded = (steps: Step[]) =>
          steps.map((st) =>
            st.kind === 'cancel'
              ? st.cancelled
              : [st.result.rejected, st.result.trades.map((t) => [t.makerId, t.price, t.qty])],
          );
        expect(traded(run(rebuilt, next, undefined, 'n'))).toEqual(traded(run(book, next, undefined, 'n')));
        expect(kept(rebuilt)).toEqual(kept(book));
      }),
      { numRuns: 200 },
    );
  });
});
