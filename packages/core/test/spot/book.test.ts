import { describe, expect, it } from 'vitest';
import { parseUnits } from '../../src/money/decimal.ts';
import { createBook } from '../../src/spot/book.ts';
import { marketSpec, priceTicks, qtyLots, quoteUnits, SpotSpecError } from '../../src/spot/spec.ts';

// BTC/USDT-like: a tick is 0.01 USDT, a lot 0.0001 BTC, minimum order 5 USDT, 5% market protection.
const SPEC = { tickSize: '0.01', lotSize: '0.0001', minNotional: '5' };
const px = (usdt: number) => BigInt(Math.round(usdt * 100));

const limit = (id: string, side: 'buy' | 'sell', price: bigint, qty: bigint, owner = 'u1') => ({
  id,
  side,
  type: 'limit' as const,
  price,
  qty,
  owner,
});

describe('spot book: price-time priority', () => {
  it('fills the best price first, then the oldest order at a price, at the maker price', () => {
    const book = createBook(SPEC);
    book.place(limit('a', 'sell', px(100), 1000n, 'm1'));
    book.place(limit('b', 'sell', px(100), 1000n, 'm2'));
    book.place(limit('c', 'sell', px(99), 1000n, 'm3'));
    book.place(limit('d', 'sell', px(101), 1000n, 'm4'));

    const r = book.place(limit('t', 'buy', px(100.5), 2500n, 'taker'));
    expect(r.trades.map((t) => [t.makerId, t.price, t.qty])).toEqual([
      ['c', px(99), 1000n],
      ['a', px(100), 1000n],
      ['b', px(100), 500n],
    ]);
    expect(
      r.trades.every((t) => t.takerId === 't' && t.takerSide === 'buy' && t.takerOwner === 'taker'),
    ).toBe(true);
    expect(r.filledQty).toBe(2500n);
    expect(r.rested).toBeUndefined();
    expect(r.cancelledQty).toBe(0n);
    expect(book.get('b')?.remaining).toBe(500n);
    expect(book.depth()).toEqual({
      bids: [],
      asks: [
        { price: px(100), qty: 500n, orders: 1 },
        { price: px(101), qty: 1000n, orders: 1 },
      ],
    });
  });

  it('rests the unfilled part of a limit order at its own price and keeps its time', () => {
    const book = createBook(SPEC);
    book.place(limit('s1', 'sell', px(100), 1000n));
    const r = book.place(limit('b1', 'buy', px(100), 3000n));
    expect(r.filledQty).toBe(1000n);
    expect(r.rested).toMatchObject({ id: 'b1', price: px(100), qty: 3000n, remaining: 2000n, side: 'buy' });
    book.place(limit('b2', 'buy', px(100), 1000n));
    const s = book.place(limit('s2', 'sell', px(99), 2500n));
    expect(s.trades.map((t) => [t.makerId, t.price, t.qty])).toEqual([
      ['b1', px(100), 2000n],
      ['b2', px(100), 500n],
    ]);
    expect(book.bestBid()).toBe(px(100));
    expect(book.bestAsk()).toBeUndefined();
    expect(book.openOrders().map((o) => [o.id, o.remaining])).toEqual([['b2', 500n]]);
  });

  it('numbers trades in order across commands', () => {
    const book = createBook(SPEC);
    book.place(limit('s1', 'sell', px(100), 1000n));
    book.place(limit('s2', 'sell', px(100), 1000n));
    const a = book.place(limit('b1', 'buy', px(100), 500n));
    const b = book.place(limit('b2', 'buy', px(100), 1500n));
    expect([...a.trades, ...b.trades].map((t) => t.seq)).toEqual([1, 2, 3]);
  });
});

describe('spot book: cancel', () => {
  it('removes a resting order, returns what was left, and drops empty levels anywhere in the book', () => {
    const book = createBook(SPEC);
    for (const [id, p] of [
      ['a', 101],
      ['b', 102],
      ['c', 103],
    ] as const)
      book.place(limit(id, 'sell', px(p), 1000n));
    book.place(limit('x', 'buy', px(90), 1000n));
    book.place(limit('y', 'buy', px(90), 1000n));
    book.place(limit('a2', 'sell', px(101), 1000n));
    book.place(limit('b1', 'buy', px(101), 600n));

    expect(book.cancel('a')).toMatchObject({ id: 'a', remaining: 400n, qty: 1000n });
    expect(book.cancel('b')).toMatchObject({ id: 'b', remaining: 1000n });
    expect(book.cancel('b')).toBeUndefined();
    expect(book.cancel('nope')).toBeUndefined();
    expect(book.cancel('x')?.remaining).toBe(1000n);
    expect(book.depth()).toEqual({
      bids: [{ price: px(90), qty: 1000n, orders: 1 }],
      asks: [
        { price: px(101), qty: 1000n, orders: 1 },
        { price: px(103), qty: 1000n, orders: 1 },
      ],
    });
    expect(book.depth(1).asks).toEqual([{ price: px(101), qty: 1000n, orders: 1 }]);
    // A cancelled order's id may be used again: the book only refuses ids it still holds.
    expect(book.place(limit('b', 'sell', px(110), 1000n)).rested?.id).toBe('b');
    expect(book.size).toBe(4);
  });
});

describe('spot book: rejections', () => {
  const book = createBook(SPEC);
  book.place(limit('ask', 'sell', px(100), 1000n));

  it.each([
    ['invalid_qty', limit('q0', 'buy', px(90), 0n)],
    ['invalid_qty', limit('q-', 'buy', px(90), -5n)],
    ['invalid_price', limit('p0', 'buy', 0n, 1000n)],
    ['invalid_price', limit('p-', 'buy', -1n, 1000n)],
    ['invalid_id', limit('', 'buy', px(90), 1000n)],
    ['duplicate_id', limit('ask', 'buy', px(90), 1000n)],
    ['price_required', { id: 'np', side: 'buy' as const, type: 'limit' as const, qty: 1000n, owner: 'u' }],
    [
      'price_not_allowed',
      { id: 'mp', side: 'buy' as const, type: 'market' as const, price: 1n, qty: 1n, owner: 'u' },
    ],
    // 4.99 USDT: 0.0499 BTC at 100 USDT.
    ['below_min_notional', limit('small', 'buy', px(100), 499n)],
    [
      'below_min_notional',
      { id: 'ms', side: 'buy' as const, type: 'market' as const, qty: 499n, owner: 'u' },
    ],
    ['no_liquidity', { id: 'me', side: 'sell' as const, type: 'market' as const, qty: 1000n, owner: 'u' }],
  ])('%s', (reason, order) => {
    const before = book.openOrders();
    const r = book.place(order);
    expect(r).toEqual({ trades: [], filledQty: 0n, cancelledQty: 0n, rejected: reason });
    expect(book.openOrders()).toEqual(before);
  });

  it('accepts exactly the minimum notional', () => {
    const b = createBook(SPEC);
    expect(b.place(limit('ok', 'buy', px(100), 500n)).rested?.remaining).toBe(500n);
    expect(quoteUnits(b.spec, px(100), 500n)).toBe(parseUnits('5'));
  });

  it('turns decimal prices and quantities into ticks and lots, refusing anything off the step', () => {
    const spec = marketSpec(SPEC);
    expect(priceTicks(spec, '67000.01')).toEqual({ ok: true, value: 6_700_001n });
    expect(priceTicks(spec, '67000.015')).toEqual({ ok: false, reason: 'off_step' });
    expect(priceTicks(spec, '0')).toEqual({ ok: false, reason: 'not_positive' });
    expect(priceTicks(spec, '-1')).toEqual({ ok: false, reason: 'not_positive' });
    expect(priceTicks(spec, '1e5')).toEqual({ ok: false, reason: 'not_a_number' });
    expect(qtyLots(spec, '0.0125')).toEqual({ ok: true, value: 125n });
    expect(qtyLots(spec, '0.00001')).toEqual({ ok: false, reason: 'off_step' });
  });

  it('refuses a market spec whose tick × lot is finer than the ledger unit, or odd protection', () => {
    expect(() => marketSpec({ tickSize: '0.000000001', lotSize: '0.0000000001', minNotional: '1' })).toThrow(
      SpotSpecError,
    );
    expect(() => marketSpec({ ...SPEC, tickSize: '0' })).toThrow(SpotSpecError);
    expect(() => marketSpec({ ...SPEC, lotSize: '-1' })).toThrow(SpotSpecError);
    expect(() => marketSpec({ ...SPEC, protection: '1' })).toThrow(SpotSpecError);
    expect(marketSpec(SPEC).minTickLots).toBe(5_000_000n);
  });
});

describe('spot book: market orders and the 5% protection', () => {
  it('a market buy stops 5% above the best ask and the rest is cancelled', () => {
    const book = createBook(SPEC);
    book.place(limit('a100', 'sell', px(100), 1000n));
    book.place(limit('a104', 'sell', px(104), 1000n));
    book.place(limit('a105', 'sell', px(105), 1000n));
    book.place(limit('a105.01', 'sell', px(105.01), 1000n));
    const r = book.place({ id: 'm', side: 'buy', type: 'market', qty: 5000n, owner: 'u2' });
    expect(r.trades.map((t) => [t.makerId, t.price])).toEqual([
      ['a100', px(100)],
      ['a104', px(104)],
      ['a105', px(105)],
    ]);
    expect(r.filledQty).toBe(3000n);
    expect(r.cancelledQty).toBe(2000n);
    expect(r.rested).toBeUndefined();
    expect(book.get('m')).toBeUndefined();
    expect(book.bestAsk()).toBe(px(105.01));
  });

  it('a market sell stops 5% below the best bid, rounding the bound toward the best price', () => {
    const book = createBook(SPEC);
    book.place(limit('b', 'buy', px(100.01), 1000n));
    // 100.01 × 0.95 = 95.0095: 95.01 is inside, 95.00 is not.
    book.place(limit('in', 'buy', px(95.01), 1000n));
    book.place(limit('out', 'buy', px(95), 1000n));
    const r = book.place({ id: 'm', side: 'sell', type: 'market', qty: 3000n, owner: 'u2' });
    expect(r.trades.map((t) => t.makerId)).toEqual(['b', 'in']);
    expect(r.cancelledQty).toBe(1000n);
    expect(book.bestBid()).toBe(px(95));
  });

  it('a market order that empties the book cancels the rest; a configurable protection applies', () => {
    const book = createBook({ ...SPEC, protection: '0.5' });
    book.place(limit('a', 'sell', px(100), 1000n));
    book.place(limit('b', 'sell', px(149), 1000n));
    const r = book.place({ id: 'm', side: 'buy', type: 'market', qty: 3000n, owner: 'u' });
    expect(r.filledQty).toBe(2000n);
    expect(r.cancelledQty).toBe(1000n);
    expect(book.depth()).toEqual({ bids: [], asks: [] });
  });
});

describe('spot book: restoring the live orders after a restart', () => {
  // BTC/USDT as the catalogue sets it: tick 0.01 USDT, lot 0.00001 BTC, minimum order 5 USDT.
  const BTC = { tickSize: '0.01', lotSize: '0.00001', minNotional: '5' };

  it('keeps a partly filled order whose remainder is worth less than the minimum notional', () => {
    // Sell 0.0002 BTC at 60,000 (12 USDT); a buyer takes 0.00015: 0.00005 (3 USDT) is left.
    const book = createBook(BTC);
    book.place(limit('s', 'sell', px(60000), 20n, 'seller'));
    expect(book.place(limit('b', 'buy', px(60000), 15n, 'buyer')).filledQty).toBe(15n);
    expect(book.get('s')).toMatchObject({ qty: 20n, remaining: 5n });

    // Placed as a new order, the remainder is refused: that is why a restart must not use place.
    expect(createBook(BTC).place(limit('s', 'sell', px(60000), 5n, 'seller')).rejected).toBe(
      'below_min_notional',
    );
    const rebuilt = createBook(BTC);
    const r = rebuilt.restore({ ...limit('s', 'sell', px(60000), 20n, 'seller'), filled: 15n });
    expect(r).toMatchObject({ trades: [], filledQty: 0n, cancelledQty: 0n });
    expect(r.rejected).toBeUndefined();
    expect(rebuilt.openOrders().map(({ seq: _, ...o }) => o)).toEqual(
      book.openOrders().map(({ seq: _, ...o }) => o),
    );
    expect(rebuilt.depth()).toEqual(book.depth());
    // Still a live order: a later buyer fills it.
    const taker = rebuilt.place(limit('b2', 'buy', px(60000), 100n, 'buyer'));
    expect(taker.trades.map((t) => [t.makerId, t.qty])).toEqual([['s', 5n]]);
  });

  it('matches an order that was stored but never reached the book, as it would have', () => {
    const book = createBook(SPEC);
    book.restore(limit('s1', 'sell', px(100), 1000n, 'm1'));
    book.restore(limit('s2', 'sell', px(101), 1000n, 'm2'));
    const crossing = book.restore(limit('b', 'buy', px(101), 1500n, 't'));
    expect(crossing.trades.map((t) => [t.makerId, t.price, t.qty])).toEqual([
      ['s1', px(100), 1000n],
      ['s2', px(101), 500n],
    ]);
    expect(crossing.filledQty).toBe(1500n);
    // A market order too, within the protection from the best price it meets now.
    const market = book.restore({ id: 'm', side: 'buy', type: 'market', qty: 700n, owner: 't' });
    expect(market).toMatchObject({ filledQty: 500n, cancelledQty: 200n });
    // On an empty side it is dropped whole, as a market order that runs out of book.
    expect(book.restore({ id: 'm2', side: 'buy', type: 'market', qty: 100n, owner: 't' })).toEqual({
      trades: [],
      filledQty: 0n,
      cancelledQty: 100n,
    });
    expect(book.size).toBe(0);
  });

  const book = createBook(SPEC);
  book.place(limit('ask', 'sell', px(100), 1000n));
  it.each([
    ['invalid_id', limit('', 'buy', px(90), 1000n)],
    ['duplicate_id', limit('ask', 'buy', px(90), 1000n)],
    ['invalid_qty', limit('q0', 'buy', px(90), 0n)],
    ['invalid_qty', { ...limit('all', 'buy', px(90), 1000n), filled: 1000n }],
    ['invalid_qty', { ...limit('neg', 'buy', px(90), 1000n), filled: -1n }],
    ['invalid_price', limit('p0', 'buy', 0n, 1000n)],
    ['price_required', { id: 'np', side: 'buy' as const, type: 'limit' as const, qty: 1000n, owner: 'u' }],
    [
      'price_not_allowed',
      { id: 'mp', side: 'buy' as const, type: 'market' as const, price: 1n, qty: 1n, owner: 'u' },
    ],
  ])('still refuses what no book can hold: %s', (reason, order) => {
    const before = book.openOrders();
    expect(book.restore(order)).toEqual({ trades: [], filledQty: 0n, cancelledQty: 0n, rejected: reason });
    expect(book.openOrders()).toEqual(before);
  });
});
