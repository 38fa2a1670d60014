import { describe, expect, it } from 'vitest';
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  backoffDelay,
  type Clock,
  chunkChannels,
  createSocketClient,
  type FrameInfo,
  PING_EVERY_MS,
  SEND_RATE,
  type SocketLike,
  STALE_AFTER_MS,
  socketUrl,
  UNSUBSCRIBE_AFTER_MS,
  WAKE_PROBE_MS,
  WAKE_SILENT_MS,
} from './socket.ts';

class FakeClock implements Clock {
  time = 0;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  now = () => this.time;
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, fn });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.timers.delete(id as number);
  };
  /** Runs every timer due within `ms`, in time order. */
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers)
        if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      next[1].fn();
    }
    this.time = end;
  }
  pending() {
    return [...this.timers.values()].map((t) => t.at - this.time);
  }
}

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  take() {
    const out = this.sent;
    this.sent = [];
    return out;
  }
}

function setup(token: string | null = null) {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const auth = { token };
  const client = createSocketClient({
    url: () => 'ws://test/ws',
    create: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    clock,
    random: () => 0.5,
    getToken: () => auth.token,
  });
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  /** Connects the current socket and clears what it sent. */
  const open = () => {
    last().open();
    clock.advance(0);
    return last().take();
  };
  return { clock, sockets, client, last, open, auth };
}

function recorder() {
  const got: { data: unknown; info: FrameInfo }[] = [];
  return { got, handler: (data: unknown, info: FrameInfo) => got.push({ data, info }) };
}

describe('socket client', () => {
  it('connects lazily on the first subscription and asks for a snapshot of each new channel', () => {
    const { client, sockets, open } = setup();
    expect(sockets).toHaveLength(0);
    expect(client.state()).toBe('idle');
    client.subscribe('tickers', () => {});
    client.subscribe('ticker:BTC/USDT', () => {});
    expect(sockets).toHaveLength(1);
    expect(open()).toEqual([
      { op: 'subscribe', channels: ['tickers', 'ticker:BTC/USDT'] },
      { op: 'snapshot', channel: 'tickers' },
      { op: 'snapshot', channel: 'ticker:BTC/USDT' },
    ]);
  });

  it('drops data until the snapshot arrives, then data not newer than the snapshot', () => {
    const { client, last, open } = setup();
    const r = recorder();
    client.subscribe('tickers', r.handler);
    open();
    last().receive({ type: 'data', channel: 'tickers', seq: 4, data: 'early' });
    expect(r.got).toEqual([]);
    last().receive({ type: 'snapshot', channel: 'tickers', seq: 5, data: 'snap' });
    last().receive({ type: 'data', channel: 'tickers', seq: 5, data: 'same' });
    last().receive({ type: 'data', channel: 'tickers', seq: 3, data: 'old' });
    last().receive({ type: 'data', channel: 'tickers', seq: 6, data: 'next' });
    last().receive({ type: 'data', channel: 'tickers', seq: 6, data: 'again' });
    expect(r.got).toEqual([
      { data: 'snap', info: { type: 'snapshot', seq: 5 } },
      { data: 'next', info: { type: 'data', seq: 6 } },
    ]);
    expect(client.inspect('tickers')).toMatchObject({ lastSeq: 6, awaitingSnapshot: false });
  });

  it('asks for a snapshot on a gap and ignores data until it comes', () => {
    const { client, last, open } = setup();
    const r = recorder();
    client.subscribe('kline:BTC/USDT:1m', r.handler);
    open();
    last().receive({ type: 'snapshot', channel: 'kline:BTC/USDT:1m', seq: 10, data: 'a' });
    last().receive({ type: 'data', channel: 'kline:BTC/USDT:1m', seq: 11, data: 'b' });
    last().receive({ type: 'data', channel: 'kline:BTC/USDT:1m', seq: 13, data: 'gap' });
    expect(last().take()).toEqual([{ op: 'snapshot', channel: 'kline:BTC/USDT:1m' }]);
    expect(client.inspect('kline:BTC/USDT:1m')?.awaitingSnapshot).toBe(true);
    last().receive({ type: 'data', channel: 'kline:BTC/USDT:1m', seq: 14, data: 'ignored' });
    last().receive({ type: 'snapshot', channel: 'kline:BTC/USDT:1m', seq: 15, data: 'c' });
    last().receive({ type: 'data', channel: 'kline:BTC/USDT:1m', seq: 15, data: 'stale' });
    last().receive({ type: 'data', channel: 'kline:BTC/USDT:1m', seq: 16, data: 'd' });
    expect(r.got.map((g) => g.data)).toEqual(['a', 'b', 'c', 'd']);
    expect(last().take()).toEqual([]);
  });

  it('applies each channel of a batch frame as the latest of the messages it stands for', () => {
    const { client, last, open } = setup();
    const depth = recorder();
    const btc = recorder();
    client.subscribe('depth:BTC/USDT', depth.handler);
    client.subscribe('ticker:BTC/USDT', btc.handler);
    open();
    last().receive({ type: 'snapshot', channel: 'depth:BTC/USDT', seq: 7, data: 'd7' });
    last().receive({ type: 'snapshot', channel: 'ticker:BTC/USDT', seq: 20, data: 't20' });
    // Depth 8-12 conflated into 12; the ticker's 19-22 begin before what the client holds.
    last().receive({
      type: 'batch',
      frames: [
        { channel: 'depth:BTC/USDT', from: 8, seq: 12, data: 'd12' },
        { channel: 'ticker:BTC/USDT', from: 19, seq: 22, data: 't22' },
        { channel: 'ticker:ETH/USDT', from: 1, seq: 3, data: 'not held' },
      ],
    });
    last().receive({
      type: 'batch',
      frames: [
        { channel: 'depth:BTC/USDT', from: 10, seq: 12, data: 'repeat' },
        { channel: 'ticker:BTC/USDT', from: 23, seq: 23, data: 't23' },
      ],
    });
    expect(depth.got).toEqual([
      { data: 'd7', info: { type: 'snapshot', seq: 7 } },
      { data: 'd12', info: { type: 'data', seq: 12 } },
    ]);
    expect(btc.got.map((g) => g.data)).toEqual(['t20', 't22', 't23']);
    expect(last().take()).toEqual([]);
    expect(client.inspect('depth:BTC/USDT')).toMatchObject({ lastSeq: 12, awaitingSnapshot: false });
  });

  it('takes a batch entry that starts past what it holds for a gap, asks for a snapshot, and goes on after it', () => {
    const { client, last, open } = setup();
    const r = recorder();
    const other = recorder();
    client.subscribe('depth:ETH/USDT', r.handler);
    client.subscribe('tickers', other.handler);
    open();
    last().receive({ type: 'snapshot', channel: 'depth:ETH/USDT', seq: 4, data: 'a' });
    last().receive({ type: 'snapshot', channel: 'tickers', seq: 1, data: 't1' });
    last().receive({
      type: 'batch',
      frames: [
        { channel: 'depth:ETH/USDT', from: 6, seq: 9, data: 'after a gap' },
        { channel: 'tickers', from: 2, seq: 2, data: 't2' },
      ],
    });
    expect(last().take()).toEqual([{ op: 'snapshot', channel: 'depth:ETH/USDT' }]);
    // The other channel of the same frame is not held up by the gap.
    expect(other.got.map((g) => g.data)).toEqual(['t1', 't2']);
    last().receive({
      type: 'batch',
      frames: [{ channel: 'depth:ETH/USDT', from: 10, seq: 10, data: 'ignored' }],
    });
    last().receive({ type: 'snapshot', channel: 'depth:ETH/USDT', seq: 10, data: 'b' });
    last().receive({ type: 'batch', frames: [{ channel: 'depth:ETH/USDT', from: 11, seq: 14, data: 'c' }] });
    expect(r.got.map((g) => g.data)).toEqual(['a', 'b', 'c']);
  });

  it('ignores a batch frame without its list of channels', () => {
    const { client, last, open } = setup();
    const r = recorder();
    client.subscribe('tickers', r.handler);
    open();
    last().receive({ type: 'snapshot', channel: 'tickers', seq: 1, data: 's' });
    last().receive({ type: 'batch' });
    last().receive({ type: 'data', channel: 'tickers', seq: 2, data: 'next' });
    expect(r.got.map((g) => g.data)).toEqual(['s', 'next']);
  });

  it('asks again for a snapshot that never came, and takes data after the server refuses one', () => {
    const { client, clock, last, open } = setup();
    const r = recorder();
    client.subscribe('ticker:AAPL', r.handler);
    open();
    clock.advance(PING_EVERY_MS);
    expect(last().take()).toEqual([{ op: 'ping' }, { op: 'snapshot', channel: 'ticker:AAPL' }]);
    last().receive({ type: 'error', error: 'not_found', msg: 'no snapshot', channel: 'ticker:AAPL' });
    last().receive({ type: 'data', channel: 'ticker:AAPL', seq: 3, data: 'x' });
    expect(r.got.map((g) => g.data)).toEqual(['x']);
  });

  it('counts references: one subscribe frame per channel, unsubscribe only when the last one leaves', () => {
    const { client, clock, last, open } = setup();
    const a = recorder();
    const b = recorder();
    const offA = client.subscribe('tickers', a.handler);
    open();
    const offB = client.subscribe('tickers', b.handler);
    clock.advance(0);
    expect(last().take()).toEqual([]);
    last().receive({ type: 'snapshot', channel: 'tickers', seq: 1, data: 's' });
    expect(a.got).toHaveLength(1);
    expect(b.got).toHaveLength(1);

    offA();
    offA(); // a second call changes nothing
    clock.advance(0);
    expect(last().take()).toEqual([]);
    expect(client.inspect('tickers')?.listeners).toBe(1);
    offB();
    clock.advance(UNSUBSCRIBE_AFTER_MS - 1);
    expect(last().take()).toEqual([]);
    clock.advance(1);
    expect(last().take()).toEqual([{ op: 'unsubscribe', channels: ['tickers'] }]);
    expect(client.inspect('tickers')).toBeUndefined();
    last().receive({ type: 'data', channel: 'tickers', seq: 2, data: 'late' });
    expect(a.got).toHaveLength(1);
  });

  it('keeps a left channel a moment, and asks a returning listener a snapshot only if it missed frames', () => {
    const { client, clock, last, open } = setup();
    const off = client.subscribe('tickers', () => {});
    open();
    last().receive({ type: 'snapshot', channel: 'tickers', seq: 1, data: [] });
    off();
    clock.advance(1000);
    client.subscribe('ticker:AAPL', () => {});
    clock.advance(0);
    last().take();
    const r = recorder();
    const again = client.subscribe('tickers', r.handler);
    clock.advance(UNSUBSCRIBE_AFTER_MS);
    expect(last().take()).toEqual([]);
    again();
    last().receive({ type: 'data', channel: 'tickers', seq: 2, data: 'unheard' });
    client.subscribe('tickers', r.handler);
    expect(last().take()).toEqual([{ op: 'snapshot', channel: 'tickers' }]);
    last().receive({ type: 'data', channel: 'tickers', seq: 3, data: 'dropped' });
    last().receive({ type: 'snapshot', channel: 'tickers', seq: 3, data: 'fresh' });
    expect(r.got.map((g) => g.data)).toEqual(['fresh']);
  });

  it('sends nothing when a channel is left and taken again in the same tick (React strict mode)', () => {
    const { client, clock, last, open } = setup();
    const off = client.subscribe('tickers', () => {});
    open();
    last().receive({ type: 'snapshot', channel: 'tickers', seq: 1, data: [] });
    off();
    client.subscribe('tickers', () => {});
    clock.advance(0);
    expect(last().take()).toEqual([]);
    expect(client.inspect('tickers')).toMatchObject({ listeners: 1, lastSeq: 1, subscribed: true });
  });

  it('reconnects with backoff and restores every subscription with fresh snapshots', () => {
    const { client, clock, sockets, last, open } = setup();
    const r = recorder();
    client.subscribe('tickers', r.handler);
    client.subscribe('kline:ETH/USDT:1h', () => {});
    open();
    last().receive({ type: 'snapshot', channel: 'tickers', seq: 7, data: 'one' });
    last().drop();
    expect(client.state()).toBe('waiting');
    clock.advance(BACKOFF_BASE_MS - 1);
    expect(sockets).toHaveLength(2); // the first wait is 375 ms with random() = 0.5
    expect(open()).toEqual([
      { op: 'subscribe', channels: ['tickers', 'kline:ETH/USDT:1h'] },
      { op: 'snapshot', channel: 'tickers' },
      { op: 'snapshot', channel: 'kline:ETH/USDT:1h' },
    ]);
    // The new connection's numbers start from its snapshot, whatever came before.
    last().receive({ type: 'data', channel: 'tickers', seq: 8, data: 'ignored' });
    last().receive({ type: 'snapshot', channel: 'tickers', seq: 2, data: 'two' });
    last().receive({ type: 'data', channel: 'tickers', seq: 3, data: 'three' });
    expect(r.got.map((g) => g.data)).toEqual(['one', 'two', 'three']);
  });

  it('grows the wait while the server does not answer and resets it once it does', () => {
    const { client, clock, sockets, last } = setup();
    client.subscribe('tickers', () => {});
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      last().drop();
      waits.push(Math.min(...clock.pending()));
      clock.advance(waits[i] as number);
    }
    expect(waits).toEqual([375, 750, 1500]);
    last().open();
    last().receive({ type: 'pong' });
    last().drop();
    expect(Math.min(...clock.pending())).toBe(375);
    expect(sockets).toHaveLength(4);
  });

  it('keeps backoff waits between half the ceiling and the ceiling, doubling from 0.5 s to 30 s', () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
      expect(backoffDelay(attempt, () => 0)).toBe(ceiling / 2);
      expect(backoffDelay(attempt, () => 0.999999)).toBeLessThanOrEqual(ceiling);
      expect(backoffDelay(attempt, () => 0.999999)).toBeGreaterThan(ceiling * 0.99);
    }
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(6, () => 1)).toBe(30_000);
    expect(backoffDelay(1000, () => 1)).toBe(30_000);
  });

  it('pings every 15 s and replaces a connection silent for 45 s', () => {
    const { client, clock, sockets, last, open } = setup();
    client.subscribe('tickers', () => {});
    open();
    clock.advance(PING_EVERY_MS);
    expect(last().take()).toContainEqual({ op: 'ping' });
    last().receive({ type: 'pong' });
    clock.advance(STALE_AFTER_MS - 1);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.closed).toBe(false);
    clock.advance(1);
    expect(sockets[0]?.closed).toBe(true);
    expect(client.state()).toBe('waiting');
    clock.advance(BACKOFF_BASE_MS);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects at once when the page wakes or the network returns, not after the backoff', () => {
    const { client, clock, sockets, last, open } = setup();
    client.subscribe('tickers', () => {});
    open();
    // Three failed attempts: the next wait would be 3 s.
    for (let i = 0; i < 3; i++) {
      last().drop();
      clock.advance(Math.min(...clock.pending()));
    }
    last().drop();
    expect(client.state()).toBe('waiting');
    const before = sockets.length;
    client.wake();
    expect(sockets).toHaveLength(before + 1);
    expect(open()).toContainEqual({ op: 'subscribe', channels: ['tickers'] });
  });

  it('on waking, probes a silent connection and replaces it at once if nothing answers', () => {
    const { client, clock, sockets, last, open } = setup();
    client.subscribe('tickers', () => {});
    open();
    // Heard from a moment ago: nothing to do.
    last().receive({ type: 'pong' });
    clock.advance(WAKE_SILENT_MS - 1);
    client.wake();
    expect(last().take()).toEqual([]);
    // Silent (the phone slept): a ping, and a pong keeps the connection.
    clock.advance(1);
    client.wake();
    expect(last().take()).toEqual([{ op: 'ping' }]);
    last().receive({ type: 'pong' });
    clock.advance(WAKE_PROBE_MS);
    expect(sockets).toHaveLength(1);
    // Silent again and no answer: replaced after the probe and the first backoff step (375 ms here),
    // well before the 45 s watchdog.
    clock.advance(WAKE_SILENT_MS);
    client.wake();
    clock.advance(WAKE_PROBE_MS - 1);
    expect(sockets[0]?.closed).toBe(false);
    clock.advance(1);
    expect(sockets[0]?.closed).toBe(true);
    clock.advance(BACKOFF_BASE_MS - 1);
    expect(sockets).toHaveLength(2);
    expect(open()).toContainEqual({ op: 'subscribe', channels: ['tickers'] });
  });

  it('gives up on a connection that never opens', () => {
    const { client, clock, sockets } = setup();
    client.subscribe('tickers', () => {});
    clock.advance(STALE_AFTER_MS);
    expect(sockets[0]?.closed).toBe(true);
    clock.advance(BACKOFF_BASE_MS);
    expect(sockets).toHaveLength(2);
  });

  it('signs in on open, after a login and after a reconnect; a logout starts anonymous', () => {
    const { client, clock, sockets, last, open, auth } = setup('t1');
    client.subscribe('tickers', () => {});
    expect(open()[0]).toEqual({ op: 'auth', token: 't1' });
    client.updateAuth();
    expect(last().take()).toEqual([]);
    auth.token = 't2';
    client.updateAuth();
    expect(last().take()).toEqual([{ op: 'auth', token: 't2' }]);
    last().drop();
    clock.advance(BACKOFF_BASE_MS);
    expect(open()[0]).toEqual({ op: 'auth', token: 't2' });
    auth.token = null;
    client.updateAuth();
    expect(sockets).toHaveLength(3);
    expect(sockets[1]?.closed).toBe(true);
    expect(open()).toEqual([
      { op: 'subscribe', channels: ['tickers'] },
      { op: 'snapshot', channel: 'tickers' },
    ]);
  });

  it('holds no sign-in once the server ends the session: the next sign-in sends auth and joins user again', () => {
    const { client, last, open, auth } = setup('t1');
    client.subscribe('user', () => {});
    client.subscribe('tickers', () => {});
    expect(open()).toEqual([
      { op: 'auth', token: 't1' },
      { op: 'subscribe', channels: ['user', 'tickers'] },
      { op: 'snapshot', channel: 'user' },
      { op: 'snapshot', channel: 'tickers' },
    ]);
    last().receive({ type: 'snapshot', channel: 'user', seq: 0, data: null });
    // Logged out elsewhere: the server made the connection anonymous and dropped `user`.
    last().receive({
      type: 'error',
      error: 'session_ended',
      msg: 'Your session has ended.',
      channel: 'user',
    });
    auth.token = 't2';
    client.updateAuth();
    expect(last().take()).toEqual([
      { op: 'auth', token: 't2' },
      { op: 'subscribe', channels: ['user'] },
      { op: 'snapshot', channel: 'user' },
    ]);
  });

  it('holds no sign-in after a refused auth, so clearing the token keeps the already anonymous connection', () => {
    const { client, sockets, last, open, auth } = setup('expired');
    client.subscribe('tickers', () => {});
    expect(open()[0]).toEqual({ op: 'auth', token: 'expired' });
    last().receive({ type: 'error', error: 'unauthorized', msg: 'Please log in.' });
    auth.token = null;
    client.updateAuth();
    expect(sockets).toHaveLength(1);
    expect(last().take()).toEqual([]);
    auth.token = 't2';
    client.updateAuth();
    expect(last().take()).toEqual([{ op: 'auth', token: 't2' }]);
  });

  it('stays idle after a drop when nothing is subscribed, and connects again on demand', () => {
    const { client, clock, sockets, last, open } = setup();
    const off = client.subscribe('tickers', () => {});
    open();
    off();
    clock.advance(0);
    last().drop();
    expect(client.state()).toBe('idle');
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    client.subscribe('ticker:AAPL', () => {});
    expect(sockets).toHaveLength(2);
  });

  it('keeps under the frame rate limit', () => {
    const { client, clock, last, open } = setup();
    for (let i = 0; i < 30; i++) client.subscribe(`ticker:S${i}`, () => {});
    const first = open();
    expect(first).toHaveLength(SEND_RATE);
    clock.advance(1000);
    expect(last().take()).toHaveLength(31 - SEND_RATE);
  });

  it('isolates a throwing handler from the others', () => {
    const { client, last, open } = setup();
    const r = recorder();
    const error = console.error;
    console.error = () => {};
    client.subscribe('tickers', () => {
      throw new Error('boom');
    });
    client.subscribe('tickers', r.handler);
    open();
    last().receive({ type: 'snapshot', channel: 'tickers', seq: 1, data: 'x' });
    console.error = error;
    expect(r.got).toHaveLength(1);
  });
});

describe('chunkChannels', () => {
  it('keeps frames within the channel count and byte limits', () => {
    const many = Array.from({ length: 250 }, (_, i) => `ticker:S${i}`);
    const chunks = chunkChannels(many, 'subscribe');
    expect(chunks.flat()).toEqual(many);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(100);
      expect(JSON.stringify({ op: 'subscribe', channels: chunk }).length).toBeLessThanOrEqual(4096);
    }
    const long = Array.from({ length: 100 }, (_, i) => `kline:ABCDEFGHIJKL/ABCDEFGHIJK${i % 10}:15m`);
    for (const chunk of chunkChannels(long, 'subscribe')) {
      expect(JSON.stringify({ op: 'subscribe', channels: chunk }).length).toBeLessThanOrEqual(4096);
    }
  });
});

describe('socketUrl', () => {
  it('uses /ws on the page host, wss under https, and honours an override', () => {
    expect(socketUrl(undefined, { href: 'https://x.test/app/#/', protocol: 'https:' })).toBe(
      'wss://x.test/ws',
    );
    expect(socketUrl('', { href: 'http://localhost:5173/#/', protocol: 'http:' })).toBe(
      'ws://localhost:5173/ws',
    );
    expect(socketUrl('wss://feed.test/ws', { href: 'http://a.test/', protocol: 'http:' })).toBe(
      'wss://feed.test/ws',
    );
  });
});
