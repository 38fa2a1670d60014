import {
  applyTick,
  type Candle,
  formatUnits,
  INTERVAL_MS,
  INTERVALS,
  type Interval,
  isSessionOpen,
  parseUnits,
  quoteAmountInUsdt,
  quoteConversion,
  type Tick,
  turnoverOf,
  type VenueTrade,
} from '@otc/core';
import { klineChannel, TICKERS_CHANNEL, tickerChannel } from '@otc/protocol/market/channels';
import type { MarketStatus } from '@otc/protocol/market/constants';
import { STALE_AFTER_MS } from '@otc/protocol/market/constants';
import type { Instrument, Ticker } from '@otc/protocol/market/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/db.ts';
import type { Fence } from '../db/ownership.ts';
import { generateHistory } from './history.ts';
import { type InstrumentSpec, loadInstruments } from './instruments.ts';
import * as store from './store.ts';

interface Live {
  price: string;
  lastTickAt: number;
  open: Partial<Record<Interval, Candle>>;
  /** Closed hourly candles of the last day, for the 24 h figures. */
  hours: Candle[];
  seq: number;
  klineSeq: Partial<Record<Interval, number>>;
  /** The status the instrument's channels last carried: a change without a tick is announced by flush. */
  announced: MarketStatus | null;
}

const DAY = 24 * 3_600_000;

/** An instrument's index price at a moment, as the engines' triggers and settlements read it. */
export interface IndexTick {
  symbol: string;
  price: string;
  /** When the tick was made at its source, ms since the epoch. */
  ts: number;
  /** The feed that made it; unknown to a process that follows the owner's tickers on the bus. */
  source: string | null;
}

/** How long history waits for an instrument's first tick once the feed started (see `liveBeginning`). */
const QUIET_FEED_GRACE_MS = 5000;

/**
 * The market's live state in this process and its single writer: every index tick goes through
 * `onTick`, which updates prices and candles of the instrument and of the instruments following
 * its index, numbers each channel's messages, and publishes them. `flush` (every second) writes
 * ticks and changed candles in one go and publishes the batch of changed tickers.
 */
export class MarketHub {
  readonly instruments = new Map<string, InstrumentSpec>();
  private readonly live = new Map<string, Live>();
  private readonly followers = new Map<string, string[]>();
  private pendingTicks: Tick[] = [];
  /** Each instrument's tick chain head as this process last wrote it (decision 0142). */
  private readonly chainHeads = new Map<string, { seq: string; hash: string }>();
  private readonly dirty = new Map<string, { symbol: string; interval: Interval; candle: Candle }>();
  private readonly changed = new Set<string>();
  private tickersSeq = 0;
  /** When this process's market began: where generated history ends when no feed runs. */
  private startedAt = 0;
  /** Each instrument's first live tick heard by this process, and the price it moved from. */
  private readonly liveBegan = new Map<string, { t: number; o: string }>();
  /** When this process's feed started, on the clock and on the machine (`feedStarted`). */
  private feedStart: { at: number; real: number } | undefined;
  /** The feed role's fencing token (0148), once this process owns the feed: every flush checks it. */
  private feedFence: Fence | undefined;
  /** The flush running or last run (`flush` waits for it). */
  private flushed: Promise<void> = Promise.resolve();
  private readonly tickListeners = new Set<(tick: IndexTick) => void>();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Loads the registry and resumes from the stored candles (the history is filled after: `fillHistory`). */
  async init(): Promise<void> {
    for (const spec of await loadInstruments(this.db)) {
      this.instruments.set(spec.symbol, spec);
      if (spec.indexSymbol)
        this.followers.set(spec.indexSymbol, [...(this.followers.get(spec.indexSymbol) ?? []), spec.symbol]);
    }
    this.startedAt = this.now();
    const latest = new Map<Interval, Map<string, Candle>>();
    for (const interval of INTERVALS) latest.set(interval, await store.latestCandles(this.db, interval));
    const hours = await store.hourlySince(this.db, this.now() - DAY - INTERVAL_MS['1h']);
    const at = this.now();
    for (const spec of this.instruments.values()) {
      const last = latest.get('1m')?.get(spec.symbol);
      const open: Partial<Record<Interval, Candle>> = {};
      for (const interval of INTERVALS) {
        const c = latest.get(interval)?.get(spec.symbol);
        if (c && c.t + INTERVAL_MS[interval] > at) open[interval] = c;
      }
      this.live.set(spec.symbol, {
        price: last?.c ?? spec.startPrice,
        lastTickAt: at,
        open,
        hours: (hours.get(spec.symbol) ?? []).filter((h) => h.t !== open['1h']?.t),
        seq: 0,
        klineSeq: {},
        announced: null,
      });
    }
  }

  /**
   * Generates a year of history for every instrument that has none yet, one instrument (with its
   * followers) a transaction, while the server already serves: charts grow as it lands. Each
   * instrument's history ends where its live candles begin (`liveBeginning`), at the price the live
   * feed began from, so there is no gap and no overlap; a restart resumes with the instruments still
   * missing. Resolves when all are filled.
   */
  async fillHistory(seed: string, feedRuns: boolean, signal?: AbortSignal): Promise<void> {
    // How long it took is the machine's time, not the clock's (a manual clock stands still).
    const t0 = performance.now();
    const filled = await store.historyFilled(this.db);
    const missing = [...this.instruments.values()].filter((s) => !s.indexSymbol && !filled.has(s.symbol));
    for (const spec of missing) {
      const symbols = [spec.symbol, ...(this.followers.get(spec.symbol) ?? [])];
      const began = await this.liveBeginning(spec, feedRuns, signal);
      // Stopping between two instruments leaves nothing half written: the rest waits for a restart.
      if (!began || signal?.aborted) return;
      // Another process may have filled it while this one waited for the feed.
      if ((await store.historyFilled(this.db)).has(spec.symbol)) continue;
      const candles = generateHistory(spec, seed, began.t, began.o);
      const rows = INTERVALS.flatMap((interval) =>
        symbols.flatMap((symbol) => candles[interval].map((candle) => ({ symbol, interval, candle }))),
      );
      await this.db.tx((q) => store.insertHistory(q, symbols, rows));
      for (const symbol of symbols) await this.historyLanded(symbol);
      // Let requests in between instruments: generating one takes tens of milliseconds of CPU.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (missing.length > 0)
      this.log.info(
        { instruments: missing.length, ms: Math.round(performance.now() - t0) },
        'market history filled',
      );
  }

  /**
   * Where an instrument's live candles begin, and at what price: its first stored minute, or the
   * first tick this process heard. Where a feed runs, history waits for one of them: ending at this
   * process's start instead would leave a gap of every bucket that closes before the feed's first
   * tick (the feed starts once this process owns it, seconds later). With no feed, or outside the
   * instrument's session (no tick comes before it opens), history ends at the start. An instrument
   * still silent a while after the feed started (a feed that does not quote it, a stale source)
   * ends at the feed's start: its live candles begin when it trades. Undefined when stopped waiting.
   */
  private async liveBeginning(
    spec: InstrumentSpec,
    feedRuns: boolean,
    signal?: AbortSignal,
  ): Promise<{ t: number; o: string } | undefined> {
    const resting = () => ({ o: this.live.get(spec.symbol)?.price ?? spec.startPrice });
    for (;;) {
      const first = await store.firstMinute(this.db, spec.symbol);
      if (first) return { t: first.t, o: first.o };
      const heard = this.liveBegan.get(spec.symbol);
      if (heard) return heard;
      // Outside its session the feed does not tick it: waiting would hold up every instrument after it.
      if (!feedRuns || !isSessionOpen(spec.session, this.now())) return { t: this.startedAt, ...resting() };
      // The grace is the machine's time: a manual clock may stand still while the feed ticks.
      if (this.feedStart && performance.now() - this.feedStart.real > QUIET_FEED_GRACE_MS)
        return { t: this.feedStart.at, ...resting() };
      if (signal?.aborted) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * This process's feed begins now (it owns the feed): history of silent instruments ends here. From
   * now on each flush checks `fence` (the owner's, taken with the role's lock): a stale owner's ticks
   * would otherwise go into the chains beside the new owner's, two feeds' prices interleaved, and
   * seconds contracts settled on either.
   */
  feedStarted(fence?: Fence): void {
    this.feedStart ??= { at: this.now(), real: performance.now() };
    if (fence) this.feedFence = fence;
  }

  /** Takes an instrument's stored hours into its 24 h figures once its history is there. */
  private async historyLanded(symbol: string): Promise<void> {
    const live = this.live.get(symbol);
    if (!live) return;
    const hours = (await store.hourlySince(this.db, this.now() - DAY - INTERVAL_MS['1h'], symbol)).get(
      symbol,
    );
    const known = new Set(live.hours.map((h) => h.t));
    const landed = (hours ?? []).filter((h) => !known.has(h.t) && h.t !== live.open['1h']?.t);
    live.hours = [...landed, ...live.hours].sort((a, b) => a.t - b.t);
    this.changed.add(symbol);
  }

  /**
   * One index tick of `symbol` (an instrument with its own index); `trade`, the venue trade it came
   * from, is stored and chained with it (decision 0152).
   */
  onTick(
    symbol: string,
    price: string,
    volume: string,
    ts: number,
    source: string,
    trade?: VenueTrade,
  ): void {
    if (!this.live.has(symbol)) return;
    this.pendingTicks.push({ symbol, ts, price, source, ...(trade ? { trade } : {}) });
    for (const s of [symbol, ...(this.followers.get(symbol) ?? [])]) {
      this.apply(s, price, volume, ts);
      this.heard({ symbol: s, price, ts, source });
    }
  }

  /**
   * Calls `listener` with every index tick of every instrument (an instrument following another's
   * index hears that index's ticks), in this process: from the feed where it runs here, from the
   * owner's tickers on the bus where this process follows them. For the triggers, liquidations and
   * settlements that run where the engines run. Returns how to stop.
   */
  onIndexTick(listener: (tick: IndexTick) => void): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  private heard(tick: IndexTick): void {
    for (const listener of this.tickListeners) {
      try {
        listener(tick);
      } catch (err) {
        // One listener's fault must not stop the feed or the others.
        this.log.error({ err, symbol: tick.symbol }, 'index tick listener failed');
      }
    }
  }

  private apply(symbol: string, price: string, volume: string, ts: number): void {
    const live = this.live.get(symbol) as Live;
    if (!this.liveBegan.has(symbol)) this.liveBegan.set(symbol, { t: ts, o: live.price });
    live.price = price;
    live.lastTickAt = ts;
    for (const interval of INTERVALS) {
      const [open, closed] = applyTick(live.open[interval] ?? null, interval, ts, price, volume);
      if (closed) this.markDirty(symbol, interval, closed);
      if (closed && interval === '1h')
        live.hours = [...live.hours, closed].filter((h) => h.t > ts - DAY - INTERVAL_MS['1h']);
      live.open[interval] = open;
      this.markDirty(symbol, interval, open);
      const seq = (live.klineSeq[interval] ?? 0) + 1;
      live.klineSeq[interval] = seq;
      this.bus.publish({ channel: klineChannel(symbol, interval), seq, data: open });
    }
    this.publishTicker(symbol);
    this.changed.add(symbol);
  }

  /** The instrument's own ticker channel: the detail screens listen to it, and snapshots repeat its last message. */
  private publishTicker(symbol: string): void {
    const live = this.live.get(symbol) as Live;
    const ticker = this.ticker(symbol);
    live.seq += 1;
    live.announced = ticker.status;
    this.bus.publish({ channel: tickerChannel(symbol), seq: live.seq, data: ticker });
  }

  private markDirty(symbol: string, interval: Interval, candle: Candle) {
    this.dirty.set(`${symbol}|${interval}|${candle.t}`, { symbol, interval, candle });
  }

  status(symbol: string, at = this.now()): { status: MarketStatus; reason: Instrument['statusReason'] } {
    const spec = this.instruments.get(symbol);
    const live = this.live.get(symbol);
    if (!spec || !live) return { status: 'halted', reason: 'admin' };
    if (spec.adminHalted) return { status: 'halted', reason: 'admin' };
    if (!isSessionOpen(spec.session, at)) return { status: 'closed', reason: 'session' };
    if (at - live.lastTickAt > STALE_AFTER_MS) return { status: 'halted', reason: 'stale' };
    return { status: 'open', reason: null };
  }

  instrument(symbol: string): Instrument | undefined {
    const spec = this.instruments.get(symbol);
    if (!spec) return undefined;
    const { status, reason } = this.status(symbol);
    const { indexSymbol: _i, adminHalted: _a, startPrice: _p, ...rest } = spec;
    return { ...rest, status, statusReason: reason };
  }

  ticker(symbol: string): Ticker {
    const live = this.live.get(symbol) as Live;
    const at = this.now();
    const window = [
      ...live.hours.filter((h) => h.t >= bucketHour(at) - DAY + INTERVAL_MS['1h']),
      ...(live.open['1h'] ? [live.open['1h']] : []),
    ];
    const price = parseUnits(live.price);
    let high = price;
    let low = price;
    let volume = 0n;
    let turnover = 0n;
    for (const c of window) {
      const h = parseUnits(c.h);
      const l = parseUnits(c.l);
      if (h > high) high = h;
      if (l < low) low = l;
      volume += parseUnits(c.v);
      turnover += turnoverOf(c);
    }
    const open = parseUnits(window[0]?.o ?? live.price);
    // The change is a display figure (a fraction to 6 places), the one place a ratio is shown.
    const change = open === 0n ? 0n : ((price - open) * 10n ** 18n) / open;
    const spec = this.instruments.get(symbol) as InstrumentSpec;
    const legPrice = (leg: string) => {
      const p = this.live.get(leg)?.price;
      return p === undefined ? undefined : parseUnits(p);
    };
    const usdt = quoteAmountInUsdt(turnover, price, quoteConversion(spec, legPrice));
    return {
      symbol,
      price: live.price,
      open24h: formatUnits(open),
      high24h: formatUnits(high),
      low24h: formatUnits(low),
      change24h: formatUnits((change / 10n ** 12n) * 10n ** 12n),
      volume24h: formatUnits(volume),
      quoteVolume24h: formatUnits(turnover),
      quoteVolumeUsdt24h: usdt === null ? null : formatUnits(usdt),
      status: this.status(symbol, at).status,
      ts: live.lastTickAt,
      asOf: at,
    };
  }

  tickers(filter: { kind?: string | undefined; class?: string | undefined } = {}): Ticker[] {
    return [...this.instruments.values()]
      .filter((s) => (!filter.kind || s.kind === filter.kind) && (!filter.class || s.class === filter.class))
      .map((s) => this.ticker(s.symbol));
  }

  /** The current message of a channel with its sequence number, for snapshots. */
  snapshot(channel: string): { seq: number; data: unknown } | undefined {
    if (channel === TICKERS_CHANNEL) return { seq: this.tickersSeq, data: this.tickers() };
    const [kind, symbol = '', interval] = channel.split(':');
    const live = this.live.get(symbol);
    if (!live) return undefined;
    if (kind === 'ticker') return { seq: live.seq, data: this.ticker(symbol) };
    if (kind === 'kline' && interval) {
      const i = interval as Interval;
      return { seq: live.klineSeq[i] ?? 0, data: live.open[i] ?? null };
    }
    return undefined;
  }

  async candles(
    symbol: string,
    interval: Interval,
    before: number | undefined,
    limit: number,
  ): Promise<Candle[]> {
    const open = this.live.get(symbol)?.open[interval];
    const stored = await store.candlesBefore(
      this.db,
      symbol,
      interval,
      before ?? Number.MAX_SAFE_INTEGER,
      limit,
    );
    const merged = open && !before ? [...stored.filter((c) => c.t !== open.t), open] : stored;
    return merged.slice(-limit);
  }

  /**
   * Writes what changed since the last flush and publishes the changed tickers in one message. A
   * status that moved without a tick (a session's close, a feed gone quiet, an operator's halt)
   * goes out on the instrument's own channel too: no tick will carry it there, and the socket
   * answers that channel's snapshots with its last message, which would say "open" all night.
   * Flushes run one after the other: two at once would chain their ticks from the same heads (one
   * of them then refused by the chain's unique index, its ticks lost).
   */
  flush(): Promise<void> {
    const run = this.flushed.then(() => this.flushNow());
    this.flushed = run.catch(() => undefined);
    return run;
  }

  private async flushNow(): Promise<void> {
    const ticks = this.pendingTicks;
    this.pendingTicks = [];
    const candles = [...this.dirty.values()];
    this.dirty.clear();
    for (const symbol of this.live.keys()) {
      const live = this.live.get(symbol) as Live;
      const { status } = this.status(symbol);
      if (status !== live.announced) {
        this.publishTicker(symbol);
        this.changed.add(symbol);
      }
    }
    const changed = [...this.changed];
    this.changed.clear();
    const prices = changed
      .map((s) => this.instruments.get(s) as InstrumentSpec)
      .filter((s) => s.kind === 'spot' && s.quote === 'USDT')
      .map((s) => ({ asset: s.base, price: (this.live.get(s.symbol) as Live).price, source: 'index' }));
    try {
      await this.db.tx(async (q) => {
        await this.feedFence?.check(q);
        await store.insertTicks(q, ticks, this.chainHeads);
        await store.upsertCandles(q, candles);
        await store.updateIndexPrices(q, prices);
      });
    } catch (err) {
      // The chain heads may have moved past what rolled back: read them from the database next time.
      this.chainHeads.clear();
      throw err;
    }
    if (changed.length > 0) {
      this.tickersSeq += 1;
      this.bus.publish({
        channel: TICKERS_CHANNEL,
        seq: this.tickersSeq,
        data: changed.map((s) => this.ticker(s)),
      });
    }
  }

  /**
   * On an instance that does not run the feed: keep this hub's state from the messages the feed's
   * instance publishes, so this instance's REST answers (tickers, candles) are as fresh as its socket.
   */
  follow(bus: Bus): () => void {
    return bus.subscribe((m) => {
      const [kind, symbol = '', interval] = m.channel.split(':');
      const live = this.live.get(symbol);
      if (!live) return;
      if (kind === 'ticker') {
        const t = m.data as Ticker;
        const moved = t.ts !== live.lastTickAt || t.price !== live.price;
        live.price = t.price;
        live.lastTickAt = t.ts;
        live.seq = m.seq;
        if (moved && !this.liveBegan.has(symbol)) this.liveBegan.set(symbol, { t: t.ts, o: t.price });
        if (moved) this.heard({ symbol, price: t.price, ts: t.ts, source: null });
      } else if (kind === 'kline' && interval) {
        const i = interval as Interval;
        const candle = m.data as Candle;
        const previous = live.open[i];
        if (i === '1h' && previous && candle.t > previous.t) {
          live.hours = [...live.hours, previous].filter((h) => h.t > candle.t - DAY - INTERVAL_MS['1h']);
        }
        live.open[i] = candle;
        live.klineSeq[i] = m.seq;
      }
    });
  }

  /** Takes an operator's edit of an instrument into the live market. */
  async reloadInstrument(symbol: string): Promise<void> {
    const spec = (await loadInstruments(this.db)).find((s) => s.symbol === symbol);
    if (spec) this.instruments.set(symbol, spec);
    this.changed.add(symbol);
  }

  price(symbol: string): string | undefined {
    return this.live.get(symbol)?.price;
  }
}

const bucketHour = (at: number) => Math.floor(at / INTERVAL_MS['1h']) * INTERVAL_MS['1h'];
