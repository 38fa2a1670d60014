import { randomUUID } from 'node:crypto';
import { formatUnits, parseUnits } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import type { Ticker } from '@otc/protocol/market/schemas';
import { CONFLATION } from '@otc/protocol/socket/constants';
import { batchFrame } from '@otc/protocol/socket/schemas';
import type { SpotOrder, SpotTrade } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyWithUsdt, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';

type Frame = Record<string, unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The gateway conflates tickers, depth and candles (decision 0157): a connection gets the latest of
 * each at the channel's cadence, many channels in one `batch` frame, while trades and the private
 * channel are never dropped; sequence numbers still show a gap, and a snapshot still mends it.
 */
describe.each(DATABASES)('socket conflation on %s', (kind) => {
  let s: TestServer;
  let symbols: string[];
  beforeAll(async () => {
    s = await startServer(kind);
    symbols = [...s.market.instruments.values()]
      .filter((i) => i.session === 'always' && i.kind === 'spot')
      .map((i) => i.symbol)
      .slice(0, 20);
  });
  afterAll(() => s.close());

  /** Tick `round` of an instrument: its start price plus `round` ticks, so each round's price is its own. */
  const priceAt = (symbol: string, round: number) => {
    const spec = s.market.instruments.get(symbol);
    if (!spec) throw new Error(symbol);
    return formatUnits(parseUnits(spec.startPrice) + BigInt(round) * parseUnits(spec.tickSize));
  };
  /** `rounds` ticks of every symbol, one round every `everyMs`. */
  const burst = async (rounds: number, everyMs: number) => {
    for (let round = 1; round <= rounds; round++) {
      for (const symbol of symbols) s.market.onTick(symbol, priceAt(symbol, round), '1', Date.now(), 'test');
      await sleep(everyMs);
    }
  };
  /** Each channel's entries in order, checked to follow each other: from is the last seq + 1. */
  const contiguous = (ws: TestSocket, channel: string) => {
    const entries = ws.frames.filter((f) => f.type === 'data' && f.channel === channel);
    for (let i = 1; i < entries.length; i++)
      expect(entries[i]?.from ?? entries[i]?.seq, `${channel} entry ${i}`).toBe(
        (entries[i - 1]?.seq as number) + 1,
      );
    return entries;
  };

  it('sends a client on 20 tickers at most one frame per cadence, with the latest value of each', async () => {
    expect(symbols).toHaveLength(20);
    const channels = symbols.map((sym) => `ticker:${sym}`);
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'subscribe', channels });
    await ws.waitFor((f) => f.type === 'subscribed');
    const started = Date.now();
    const rounds = 60;
    await burst(rounds, 20); // 1,200 messages in about 1.2 s (more on a loaded machine)
    const sent = Date.now();
    await ws.waitFor(() =>
      symbols.every((sym) =>
        ws.frames.some(
          (f) => f.channel === `ticker:${sym}` && (f.data as Ticker).price === priceAt(sym, rounds),
        ),
      ),
    );
    await sleep(CONFLATION.ticker + 200); // any later frame would show here
    for (const b of ws.batches) batchFrame.parse({ type: 'batch', frames: b.frames });
    // At most one frame per cadence over the span the messages were sent (its flushes, the first
    // included), and the one after it that takes what was left: not one per message (1,200).
    expect(ws.batches.length).toBeLessThanOrEqual(Math.floor((sent - started) / CONFLATION.ticker) + 2);
    // One entry per channel per frame: no gap splits them.
    for (const b of ws.batches) expect(new Set(b.frames.map((e) => e.channel)).size).toBe(b.frames.length);
    for (const sym of symbols) {
      const entries = contiguous(ws, `ticker:${sym}`);
      expect(entries.reduce((n, e) => n + (e.seq as number) - (e.from as number) + 1, 0)).toBe(rounds);
      expect(entries.at(-1)?.data).toMatchObject({ price: priceAt(sym, rounds) });
    }
    expect(ws.frames.filter((f) => f.type === 'data' && !f.batched)).toEqual([]);
    ws.close();
  });

  it('never loses a trade or a private event under a burst of conflated data', async () => {
    const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    // The book trades at its start price, which the burst moves by a few ticks at most.
    const price = priceAt('SOL/USDT', 0);
    s.market.onTick('SOL/USDT', price, '1', Date.now(), 'test');
    const seller = await demo();
    const buyer = await demo();
    await buyWithUsdt(s, seller.token, 'SOL', '300');
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'auth', token: buyer.token });
    const book = ['trades:SOL/USDT:demo', 'depth:SOL/USDT:demo'];
    ws.send({ op: 'subscribe', channels: ['user', ...book, ...symbols.map((sym) => `ticker:${sym}`)] });
    await ws.waitFor((f) => f.type === 'subscribed');

    const fills = 8;
    const ticking = burst(40, 10);
    for (let i = 0; i < fills; i++) {
      const order = (token: string, side: string) =>
        s.api<SpotOrder>(
          '/api/spot/order',
          { symbol: 'SOL/USDT', side, type: 'limit', price, qty: '0.1', idempotencyKey: randomUUID() },
          { token },
        );
      const sold = await order(seller.token, 'sell');
      expect(sold.status, JSON.stringify(sold.body)).toBe(200);
      expect((await order(buyer.token, 'buy')).status).toBe(200);
    }
    await ticking;

    const rest = await s.api<{ items: SpotTrade[] }>('/api/spot/trades', {
      symbol: 'SOL/USDT',
      realm: 'demo',
      limit: fills,
    });
    const ids = [...rest.body.data.items].reverse().map((t) => t.id);
    expect(ids).toHaveLength(fills);
    const trades = () =>
      ws.frames
        .filter((f) => f.type === 'data' && f.channel === book[0])
        .flatMap((f) => f.data as SpotTrade[]);
    await ws.waitFor(() => trades().length === fills);
    // Every trade, in order, each frame as the engine numbered it, and none went through a batch.
    expect(trades().map((t) => t.id)).toEqual(ids);
    const tradeFrames = contiguous(ws, book[0] as string);
    expect(tradeFrames.every((f) => !f.batched)).toBe(true);

    // The buyer heard each of its orders fill: the private channel numbered 1, 2, 3... with no gap.
    const filled = () =>
      ws.frames.filter(
        (f) =>
          f.channel === 'user' && (f.data as { kind: string; order?: SpotOrder }).order?.status === 'filled',
      );
    await ws.waitFor(() => filled().length === fills);
    const user = contiguous(ws, 'user');
    expect(user.map((f) => f.seq)).toEqual(user.map((_, i) => i + 1));
    expect(user.every((f) => !f.batched)).toBe(true);
    // The book's depth came conflated, and its last value is the book as it stands.
    const depth = contiguous(ws, book[1] as string);
    expect(depth.length).toBeGreaterThan(0);
    expect(depth.every((f) => f.batched)).toBe(true);
    ws.close();
  });

  it('shows a gap in a conflated channel, and a snapshot mends it', async () => {
    const symbol = symbols[0] as string;
    const channel = `ticker:${symbol}`;
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'subscribe', channels: [channel] });
    await ws.waitFor((f) => f.type === 'subscribed');
    ws.send({ op: 'snapshot', channel });
    const snap = await ws.waitFor((f) => f.type === 'snapshot');
    const base = snap.seq as number;
    // A message lost between the instance that made it and this one: seq base + 1 never arrives.
    // (These messages stand for another instance's: this one's hub makes none on the channel here.)
    s.bus.publish({ channel, seq: base + 2, data: { ...(snap.data as Ticker), price: '1' } });
    s.bus.publish({ channel, seq: base + 3, data: { ...(snap.data as Ticker), price: '2' } });
    const after = await ws.waitFor((f) => f.type === 'data' && f.channel === channel);
    // The entry starts past what the client holds: a client sees the gap and asks for a snapshot.
    expect(after).toMatchObject({ from: base + 2, seq: base + 3 });
    expect((after.from as number) > base + 1).toBe(true);
    ws.send({ op: 'snapshot', channel });
    const mended = await ws.waitFor((f) => f.type === 'snapshot' && f !== snap);
    expect(mended).toMatchObject({ seq: base + 3, data: { price: '2' } });
    // And the channel goes on from there.
    s.bus.publish({ channel, seq: base + 4, data: { ...(snap.data as Ticker), price: '3' } });
    const next = await ws.waitFor((f: Frame) => f.type === 'data' && f.seq === base + 4);
    expect(next).toMatchObject({ from: base + 4, data: { price: '3' } });
    ws.close();
  });
});
