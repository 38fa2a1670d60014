import { CONFLATION } from '@otc/protocol/socket/constants';
import { batchFrame } from '@otc/protocol/socket/schemas';
import { describe, expect, it } from 'vitest';
import { ConflatedFanout } from '../../src/ws/batches.ts';
import { PendingChannel } from '../../src/ws/conflation.ts';
import type { Framed } from '../../src/ws/frame.ts';

const msg = (channel: string, seq: number, data: unknown) => ({ channel, seq, data });

describe('a conflated channel', () => {
  it('folds messages that follow each other into the latest, standing for all of them', () => {
    const p = new PendingChannel('depth:BTC/USDT');
    for (let seq = 5; seq <= 9; seq++) p.add(msg('depth:BTC/USDT', seq, { bids: [[`${seq}`, '1']] }));
    expect(p.take()).toEqual([{ channel: 'depth:BTC/USDT', from: 5, seq: 9, data: { bids: [['9', '1']] } }]);
    expect(p.take()).toEqual([]);
  });

  it('merges the tickers that changed by symbol, the newest of each', () => {
    const p = new PendingChannel('tickers');
    p.add(
      msg('tickers', 1, [
        { symbol: 'BTC', price: '1' },
        { symbol: 'ETH', price: '2' },
      ]),
    );
    p.add(
      msg('tickers', 2, [
        { symbol: 'BTC', price: '3' },
        { symbol: 'SOL', price: '4' },
      ]),
    );
    expect(p.take()).toEqual([
      {
        channel: 'tickers',
        from: 1,
        seq: 2,
        data: [
          { symbol: 'BTC', price: '3' },
          { symbol: 'ETH', price: '2' },
          { symbol: 'SOL', price: '4' },
        ],
      },
    ]);
  });

  it("keeps a closed candle's last value before the next candle's", () => {
    const p = new PendingChannel('kline:BTC/USDT:1m');
    p.add(msg('kline:BTC/USDT:1m', 1, { t: 0, c: '1' }));
    p.add(msg('kline:BTC/USDT:1m', 2, { t: 0, c: '2' }));
    p.add(msg('kline:BTC/USDT:1m', 3, { t: 60_000, c: '3' }));
    p.add(msg('kline:BTC/USDT:1m', 4, { t: 60_000, c: '4' }));
    expect(p.take().map((e) => [e.from, e.seq, e.data])).toEqual([
      [1, 2, { t: 0, c: '2' }],
      [3, 4, { t: 60_000, c: '4' }],
    ]);
  });

  it('does not fold across a gap, so the client still sees it', () => {
    const p = new PendingChannel('ticker:BTC/USDT');
    p.add(msg('ticker:BTC/USDT', 1, 'a'));
    p.add(msg('ticker:BTC/USDT', 2, 'b'));
    p.add(msg('ticker:BTC/USDT', 5, 'c'));
    expect(p.take().map((e) => [e.from, e.seq, e.data])).toEqual([
      [1, 2, 'b'],
      [5, 5, 'c'],
    ]);
  });
});

describe('the conflated fan-out', () => {
  /** A fan-out writing to named connections, and what each got, parsed. */
  function setup() {
    const got = new Map<string, unknown[]>();
    const frames: Framed[] = [];
    const fanout = new ConflatedFanout<string>((c, frame) => {
      frames.push(frame);
      got.set(c, [...(got.get(c) ?? []), JSON.parse(frame.payload.toString())]);
    });
    /** Runs the ticks of `ms`. */
    const advance = (ms: number) => {
      for (let i = 0; i < ms / CONFLATION.tickMs; i++) fanout.flush();
    };
    return { fanout, got, frames, advance };
  }

  it('sends each holder one frame per cadence with the latest of every channel it holds', () => {
    const { fanout, got, advance } = setup();
    const list = Array.from({ length: 20 }, (_, i) => `ticker:S${i}`);
    fanout.hold('home', list);
    for (let round = 1; round <= 7; round++)
      for (const ch of list) fanout.publish(msg(ch, round, { symbol: ch, round }));
    advance(CONFLATION.ticker - CONFLATION.tickMs);
    expect(got.get('home')).toBeUndefined();
    advance(CONFLATION.tickMs);
    const frames = got.get('home') ?? [];
    expect(frames).toHaveLength(1);
    const batch = batchFrame.parse(frames[0]);
    expect(batch.frames).toHaveLength(20);
    for (const e of batch.frames) expect(e).toMatchObject({ from: 1, seq: 7, data: { round: 7 } });
    advance(CONFLATION.ticker);
    expect(got.get('home')).toHaveLength(1); // nothing new, nothing sent
  });

  it('flushes each channel at its own cadence, and writes nothing to those that hold other channels', () => {
    const { fanout, got, advance } = setup();
    fanout.hold('trade', ['depth:BTC/USDT', 'trades:BTC/USDT', 'user', 'ticker:BTC/USDT']);
    fanout.hold('list', ['ticker:ETH/USDT']);
    fanout.publish(msg('depth:BTC/USDT', 1, 'd1'));
    fanout.publish(msg('ticker:BTC/USDT', 1, 't1'));
    fanout.publish(msg('trades:BTC/USDT', 1, 'not conflated'));
    advance(CONFLATION.depth);
    expect(got.get('trade')).toEqual([
      { type: 'batch', frames: [{ channel: 'depth:BTC/USDT', from: 1, seq: 1, data: 'd1' }] },
    ]);
    advance(CONFLATION.ticker - CONFLATION.depth);
    expect(got.get('trade')?.[1]).toEqual({
      type: 'batch',
      frames: [{ channel: 'ticker:BTC/USDT', from: 1, seq: 1, data: 't1' }],
    });
    expect(got.get('list')).toBeUndefined();
  });

  it('serialises one frame for the connections holding the same channels', () => {
    const { fanout, frames, got, advance } = setup();
    for (const c of ['a', 'b', 'c']) fanout.hold(c, ['depth:BTC/USDT']);
    fanout.hold('d', ['depth:BTC/USDT', 'depth:ETH/USDT']);
    fanout.publish(msg('depth:BTC/USDT', 1, 'd1'));
    advance(CONFLATION.depth);
    expect(frames).toHaveLength(4);
    expect(new Set(frames.map((f) => f.bytes)).size).toBe(2);
    expect(got.get('d')).toEqual(got.get('a'));
  });

  it("spreads a channel's holders over the ticks of its cadence, each still once a cadence", () => {
    const { fanout, frames, got, advance } = setup();
    const conns = Array.from({ length: 10 }, (_, i) => `c${i}`);
    for (const c of conns) fanout.hold(c, ['ticker:A', 'ticker:B']);
    fanout.publish(msg('ticker:A', 1, 'a1'));
    fanout.publish(msg('ticker:B', 1, 'b1'));
    const perTick: number[] = [];
    for (let i = 0; i < CONFLATION.ticker / CONFLATION.tickMs; i++) {
      const before = frames.length;
      advance(CONFLATION.tickMs);
      perTick.push(frames.length - before);
    }
    expect(perTick).toEqual([2, 2, 2, 2, 2]);
    expect(new Set(frames.map((f) => f.bytes)).size).toBe(5); // one frame per phase
    for (const c of conns)
      expect(got.get(c)).toEqual([
        {
          type: 'batch',
          frames: [
            { channel: 'ticker:A', from: 1, seq: 1, data: 'a1' },
            { channel: 'ticker:B', from: 1, seq: 1, data: 'b1' },
          ],
        },
      ]);
    advance(CONFLATION.ticker);
    expect(frames).toHaveLength(10);
  });

  it('keeps what is pending for the channels a connection keeps when it adds another', () => {
    const { fanout, got, advance } = setup();
    fanout.hold('a', ['depth:BTC/USDT']);
    fanout.publish(msg('depth:BTC/USDT', 1, 'd1'));
    fanout.hold('a', ['depth:BTC/USDT', 'ticker:BTC/USDT']);
    advance(CONFLATION.depth);
    expect(got.get('a')).toEqual([
      { type: 'batch', frames: [{ channel: 'depth:BTC/USDT', from: 1, seq: 1, data: 'd1' }] },
    ]);
  });

  it('forgets a connection released, and a channel no one holds any more', () => {
    const { fanout, got, advance } = setup();
    fanout.hold('a', ['depth:BTC/USDT']);
    fanout.publish(msg('depth:BTC/USDT', 1, 'd1'));
    fanout.release('a');
    fanout.hold('b', ['depth:BTC/USDT']);
    advance(CONFLATION.depth);
    expect(got.get('a')).toBeUndefined();
    expect(got.get('b')).toBeUndefined(); // the pending value went with its last holder
    fanout.hold('b', ['ticker:X']); // moves to another group: depth is no longer b's
    fanout.publish(msg('depth:BTC/USDT', 2, 'd2'));
    advance(CONFLATION.ticker);
    expect(got.get('b')).toBeUndefined();
  });
});
