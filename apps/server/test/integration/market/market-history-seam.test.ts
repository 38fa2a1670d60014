import { INTERVAL_MS, type Interval, isSessionOpen } from '@otc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../../src/platform/clock.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

const SILENT = 'AAPL';

/**
 * Where generated history meets the live feed. The feed starts once its process owns it, seconds
 * after the process started: when a bucket boundary falls in between, history must still reach
 * the bucket the feed's first tick opened, or every interval shows a missing candle there. An
 * instrument that does not tick (a stock outside its session) must not hold the filling up.
 */
describe.each(DATABASES)('market history meeting a late feed on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
  });
  afterAll(() => s.close());

  it('ends each series at the bucket the first live tick opened, with no gap and no overlap', {
    timeout: 120_000,
  }, async () => {
    const clock = s.clock as ManualClock;
    // A weekday at 15:00 UTC, when every session is open: the feed ticks every instrument.
    clock.set(nextDayAt(clock.now(), 15, [1, 2, 3, 4, 5]));
    const filling = s.market.fillHistory('seam', true);
    // Give the filling the time the feed takes to start: history written now would end at the
    // process's start (up to three seconds, or until the first instrument lands).
    for (let waited = 0; waited < 3000; waited += 100) {
      const [marked] = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM market_history');
      if ((marked?.n ?? 0) > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // The feed's first ticks arrive one 5-minute bucket (and so at least one boundary of each
    // interval up to 5m) after the process started.
    const firstTick = clock.advance(INTERVAL_MS['5m']);
    s.market.feedStarted();
    // Every instrument ticks but one, as a stock outside its session stays silent.
    for (const spec of s.market.instruments.values()) {
      if (!spec.indexSymbol && spec.symbol !== SILENT)
        s.market.onTick(spec.symbol, s.market.price(spec.symbol) as string, '1', firstTick, 'test');
    }
    await s.market.flush();
    await filling;

    for (const symbol of s.market.instruments.keys()) {
      for (const interval of ['1m', '5m', '15m', '1h'] as Interval[]) {
        const rows = await s.db.query<{ t: string }>(
          'SELECT t::text AS t FROM candles WHERE symbol = $1 AND interval = $2 ORDER BY t',
          [symbol, interval],
        );
        const ts = rows.map((r) => Number(r.t));
        const gaps = ts.slice(1).filter((t, i) => t - (ts[i] as number) !== INTERVAL_MS[interval]);
        expect({ symbol, interval, gaps }).toEqual({ symbol, interval, gaps: [] });
        // The last candle is the live one, the bucket of the first tick; the silent instrument's
        // history ends at the feed's start: its last candle is the last that closed by then.
        const size = INTERVAL_MS[interval];
        const openBucket = Math.floor(firstTick / size) * size;
        expect({ symbol, interval, last: ts.at(-1) }).toEqual({
          symbol,
          interval,
          last: symbol === SILENT ? openBucket - size : openBucket,
        });
      }
    }
  });
});

/** The first day after `from` that is one of `days` (0 Sunday to 6 Saturday), at `hour`:00 UTC. */
function nextDayAt(from: number, hour: number, days: readonly number[]): number {
  const d = new Date(from);
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, hour));
  while (!days.includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  return day.getTime();
}

/**
 * Outside an instrument's session the feed does not tick it: history waiting for its first tick
 * would wait until the session opens, and every instrument after it with it (a server started at
 * night or on a weekend did not finish filling, so the e2e platform never started).
 */
describe.each(DATABASES)('market history with instruments outside their session on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
  });
  afterAll(() => s.close());

  // No feed runs here, so a fill that waited for a closed instrument's tick would wait for ever: the
  // guard below only has to outlast a whole fill, which took 62 s on PGlite at load 15 (2026-11-28).
  it('ends a closed instrument at the start and waits only for the ones the feed ticks', {
    timeout: 240_000,
  }, async () => {
    const clock = s.clock as ManualClock;
    // A Saturday noon: crypto trades, stocks, forex, metals and commodities are closed.
    const saturday = nextDayAt(clock.now(), 12, [6]);
    clock.set(saturday);
    const filling = s.market.fillHistory('closed', true);
    const firstTick = clock.advance(INTERVAL_MS['5m']);
    const ticking = [...s.market.instruments.values()].filter(
      (spec) => !spec.indexSymbol && isSessionOpen(spec.session, firstTick),
    );
    expect(ticking.length).toBeGreaterThan(0);
    for (const spec of ticking)
      s.market.onTick(spec.symbol, s.market.price(spec.symbol) as string, '1', firstTick, 'test');
    await s.market.flush();
    const done = await Promise.race([
      filling.then(() => 'filled'),
      new Promise((r) => setTimeout(() => r('still waiting'), 180_000)),
    ]);
    expect(done).toBe('filled');
    const [aapl] = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM candles WHERE symbol = 'AAPL' AND interval = '1d'`,
    );
    expect(aapl?.n).toBeGreaterThan(300);
  });
});
