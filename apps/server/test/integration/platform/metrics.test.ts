import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

const TOKEN = 'scrape-token-for-the-test';

/** One series' value in a Prometheus text scrape (0 when the series is not there yet). */
function series(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    const given = inside.split(',');
    if (wanted.every((w) => given.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

async function scrape(url: string, token?: string): Promise<Response> {
  return fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

describe.each(DATABASES)('/metrics for Prometheus on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { metricsToken: TOKEN });
    s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
  });
  afterAll(() => s.close());

  const order = (token: string, body: Record<string, unknown>) =>
    s.api('/api/spot/order', { symbol: 'BTC/USDT', idempotencyKey: randomUUID(), ...body }, { token });

  it('counts an accepted and a refused order, the requests by route template, and the ledger check', async () => {
    const before = await (await scrape(s.url, TOKEN)).text();
    const user = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    // A demo account holds 100,000 USDT: 0.01 BTC at 50,000 is covered, 10 BTC is not.
    expect(
      (await order(user.token, { side: 'buy', type: 'limit', price: '50000', qty: '0.01' })).status,
    ).toBe(200);
    const refused = await order(user.token, { side: 'buy', type: 'limit', price: '50000', qty: '10' });
    expect(refused.body.data.error).toBe('insufficient_balance');
    // The check the back office and the jobs run (ctx.checkLedger): its result is a gauge.
    expect(await s.ctx.checkLedger(s.db)).toEqual([]);

    const res = await scrape(s.url, TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const after = await res.text();
    const moved = (name: string, labels: Record<string, string>) =>
      series(after, name, labels) - series(before, name, labels);
    expect(moved('otc_orders_total', { product: 'spot', outcome: 'accepted' })).toBe(1);
    expect(moved('otc_orders_total', { product: 'spot', outcome: 'refused' })).toBe(1);
    // Both orders were answered on one route template, whatever their bodies: one 200, one 4xx.
    const placed = { method: 'POST', route: '/api/spot/order' };
    expect(moved('otc_http_requests_total', { ...placed, status: '200' })).toBe(1);
    expect(moved('otc_http_request_duration_seconds_count', placed)).toBe(2);
    expect(moved('otc_intake_batch_size_count', { product: 'spot' })).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^otc_engine_queue_depth\{queue="spot-intake"\} 0$/m);
    expect(after).toMatch(/^otc_ledger_check_problems 0$/m);
  });

  it('answers 401 without the token, or with another, and says why in the envelope', async () => {
    const none = await scrape(s.url);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { data: { error: string } }).data.error).toBe('unauthorized');
    expect((await scrape(s.url, 'not-the-token')).status).toBe(401);
  });
});

describe.each(DATABASES)('/metrics in production on %s', (kind) => {
  it('is refused with no METRICS_TOKEN (the port faces the internet)', { timeout: 60_000 }, async () => {
    const s = await startServer(kind, { production: true, metricsToken: undefined });
    try {
      expect((await scrape(s.url)).status).toBe(401);
      expect((await fetch(`${s.url}/livez`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});
