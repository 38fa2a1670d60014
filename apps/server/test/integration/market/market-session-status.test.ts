import type { InstrumentDetail, Ticker } from '@otc/protocol/market/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';

const HOUR = 3_600_000;

/** The next Monday to Friday after `from` at `hour`:00 UTC. */
function nextWeekdayAt(from: number, hour: number): number {
  const d = new Date(from);
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, hour));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.getTime();
}

/**
 * A session's end is not a tick: New York's close stops the stock's feed, so nothing else would
 * tell the screens listening to the stock's own channel (its detail and ticket), and the socket
 * would answer that channel's snapshots with the last tick's "open" all night (issue 16: the
 * market-closed notice kept saying "Open" after the close, even after a reload).
 */
describe.each(DATABASES)("a session's close on the instrument's own channel on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
  });
  afterAll(() => s.close());

  it('reaches a listening client live and every later snapshot, with no tick', async () => {
    const clock = manualClock(s);
    // 15:00 UTC is inside New York's session all year, 22:00 UTC after its close all year.
    const inSession = clock.set(nextWeekdayAt(clock.now(), 15));
    s.market.onTick('AAPL', '190', '1', inSession, 'test');
    await s.market.flush();

    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'subscribe', channels: ['ticker:AAPL'] });
    await ws.waitFor((f) => f.type === 'subscribed');
    ws.send({ op: 'snapshot', channel: 'ticker:AAPL' });
    const before = await ws.waitFor((f) => f.type === 'snapshot');
    expect((before.data as Ticker).status).toBe('open');

    clock.set(inSession + 7 * HOUR);
    await s.market.flush();
    // Live: the next message of the channel, in sequence, says closed (at the last tick's price).
    const live = await ws.waitFor((f) => f.type === 'data' && f.channel === 'ticker:AAPL');
    expect(live.seq).toBe((before.seq as number) + 1);
    expect(live.data).toMatchObject({ symbol: 'AAPL', status: 'closed', price: '190', ts: inSession });
    // The same tick time as the "open" read before: the time it was read tells the screens which is
    // current (a list read before the close may answer after this frame).
    expect((before.data as Ticker).asOf).toBe(inSession);
    expect((live.data as Ticker).asOf).toBe(inSession + 7 * HOUR);
    ws.close();

    // A screen opened (or reloaded) after the close: its snapshot agrees with REST.
    const later = await TestSocket.open(s.url);
    later.send({ op: 'subscribe', channels: ['ticker:AAPL'] });
    await later.waitFor((f) => f.type === 'subscribed');
    later.send({ op: 'snapshot', channel: 'ticker:AAPL' });
    const snap = await later.waitFor((f) => f.type === 'snapshot');
    expect((snap.data as Ticker).status).toBe('closed');
    const rest = (await s.api<InstrumentDetail>('/api/market/instrument', { symbol: 'AAPL' })).body.data;
    expect(rest.ticker?.status).toBe('closed');
    expect(rest.instrument.status).toBe('closed');

    // Nothing moved since: the next flush repeats nothing on the channel.
    await s.market.flush();
    await new Promise((r) => setTimeout(r, 100));
    expect(later.frames.filter((f) => f.type === 'data')).toEqual([]);
    later.close();
  });
});
