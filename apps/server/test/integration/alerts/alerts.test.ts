import type { Alert, AlertList } from '@otc/protocol/alerts/schemas';
import type { DemoSession } from '@otc/protocol/auth/schemas';
import type { NoticeList } from '@otc/protocol/notifications/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertWatch } from '../../../src/alerts/index.ts';
import { registerUser } from '../support/accounts.ts';
import { count, DATABASES, startServer, type TestServer } from '../support/harness.ts';

/**
 * Price alerts (issue 31, decision 0160): set, listed, refused with a translated reason, deleted;
 * fired exactly once by the tick that meets them, as a notification in the reader's language.
 * Ticks are made here as the feed makes them (a source: this process evaluates).
 */
describe.each(DATABASES)('price alerts on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const tick = (price: string, symbol = 'BTC/USDT') =>
    s.market.onTick(symbol, price, '1', s.clock.now(), 'test');
  const add = (token: string, body: Record<string, unknown>, lang = 'en') =>
    s.api<Alert>('/api/alerts/add', { symbol: 'BTC/USDT', ...body }, { token, lang });
  const added = async (token: string, body: Record<string, unknown>) => {
    const res = await add(token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const list = async (token: string, body: Record<string, unknown> = {}) =>
    (await s.api<AlertList>('/api/alerts/list', body, { token })).body.data;
  const notices = async (token: string, lang = 'en') =>
    (await s.api<NoticeList>('/api/common/noticelist', {}, { token, lang })).body.data;
  const alertNotices = async (token: string, lang = 'en') =>
    (await notices(token, lang)).items.filter((n) => n.kind.startsWith('alert.'));
  const status = async (token: string, id: string) => (await list(token)).items.find((a) => a.id === id);

  it('sets each condition against the price now, lists the active first, and deletes', async () => {
    const { token } = await registerUser(s);
    tick('60000');
    const rise = await added(token, { condition: 'rises_to', price: '61000.50' });
    expect(rise).toMatchObject({
      symbol: 'BTC/USDT',
      condition: 'rises_to',
      percent: null,
      basePrice: '60000',
      target: '61000.5',
      status: 'active',
      triggeredAt: null,
    });
    // 5% up from 60,000 is 63,000 exactly; 2.5% down, 58,500.
    const up = await added(token, { condition: 'up_percent', percent: '5' });
    expect(up).toMatchObject({ percent: '5', target: '63000', basePrice: '60000' });
    const down = await added(token, { condition: 'down_percent', percent: '2.5' });
    expect(down.target).toBe('58500');
    // Any instrument with an index price: a perpetual, a CFD.
    await added(token, { symbol: 'BTC-PERP', condition: 'falls_to', price: '1000' });
    const all = await list(token);
    expect(all.active).toBe(4);
    expect(all.max).toBe(50);
    expect((await list(token, { symbol: 'BTC-PERP' })).items.map((a) => a.symbol)).toEqual(['BTC-PERP']);

    expect((await s.api('/api/alerts/delete', { id: rise.id }, { token })).body.data).toEqual({
      id: rise.id,
      deleted: true,
    });
    expect((await list(token)).items.map((a) => a.id)).not.toContain(rise.id);
    // Deleted means no longer watched: the price passing it tells nobody.
    tick('61500');
    tick('61400');
    expect(await alertNotices(token)).toEqual([]);
  });

  it('refuses, with a translated reason and nothing stored, what Binance refuses', async () => {
    const { token } = await registerUser(s);
    const other = await registerUser(s);
    tick('60000');
    const before = await count(s.db, 'price_alerts');
    const refusal = async (body: Record<string, unknown>, lang = 'en') => {
      const res = await add(token, body, lang);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      return { error: res.body.data.error, field: res.body.data.field, msg: res.body.msg };
    };
    expect(await refusal({ condition: 'rises_to', price: '59999' })).toEqual({
      error: 'alert_rises_below',
      field: 'price',
      msg: 'A “rises to” alert needs a price above the current price (60000).',
    });
    expect((await refusal({ condition: 'rises_to', price: '60000' }, 'de')).msg).toBe(
      'Ein Alarm „steigt auf“ braucht einen Preis über dem aktuellen Preis (60000).',
    );
    expect((await refusal({ condition: 'falls_to', price: '60000.01' })).error).toBe('alert_falls_above');
    expect((await refusal({ condition: 'falls_to', price: '0' })).error).toBe('alert_price_positive');
    expect((await refusal({ condition: 'rises_to', price: '61000.001' })).error).toBe('alert_price_tick');
    expect((await refusal({ condition: 'up_percent', percent: '0.05' })).error).toBe('alert_percent_range');
    expect((await refusal({ condition: 'down_percent', percent: '100' })).error).toBe('alert_percent_range');
    expect((await refusal({ condition: 'rises_to', percent: '5' })).error).toBe('field_required');
    expect((await refusal({ condition: 'rises_to', price: '-1' })).error).toBe('field_invalid');
    expect((await refusal({ condition: 'rises_to', price: 61000 })).error).toBe('field_invalid');
    expect((await refusal({ condition: 'sideways', price: '1' })).error).toBe('field_invalid');
    expect((await refusal({ symbol: 'NOPE/USDT', condition: 'rises_to', price: '1' })).error).toBe(
      'alert_instrument_unknown',
    );
    expect(await count(s.db, 'price_alerts')).toBe(before);

    // Another user's alert is as unknown as a missing one.
    const theirs = await added(other.token, { condition: 'falls_to', price: '50000' });
    const res = await s.api('/api/alerts/delete', { id: theirs.id }, { token });
    expect(res.status).toBe(404);
    expect(res.body.data.error).toBe('alert_not_found');
    expect((await list(other.token)).items.map((a) => a.id)).toEqual([theirs.id]);
  });

  it('keeps a user to 50 active alerts; a triggered one no longer counts', async () => {
    const { token } = await registerUser(s);
    tick('60000');
    for (let i = 1; i <= 50; i++) await added(token, { condition: 'rises_to', price: String(70000 + i) });
    const res = await add(token, { condition: 'rises_to', price: '80000' }, 'fr');
    expect(res.status).toBe(409);
    expect(res.body.data.error).toBe('alert_limit');
    expect(res.body.msg).toBe('Vous avez déjà 50 alertes actives, le maximum : supprimez-en une d’abord.');
    expect((await list(token)).active).toBe(50);
    // The lowest is met: one free place.
    tick('70001');
    await expect.poll(async () => (await list(token)).active).toBe(49);
    await added(token, { condition: 'rises_to', price: '80000' });
    tick('60000');
  });

  it('fires once when a tick crosses, tells the user in their language, and shows it triggered', async () => {
    const { token } = await registerUser(s);
    tick('60000');
    const rise = await added(token, { condition: 'rises_to', price: '60100' });
    const fall = await added(token, { condition: 'falls_to', price: '59000' });
    tick('60099.99');
    tick('60050');
    expect(await alertNotices(token)).toEqual([]);

    tick('60150.25');
    await expect.poll(async () => (await alertNotices(token)).length).toBe(1);
    const [notice] = await alertNotices(token);
    expect(notice).toMatchObject({
      kind: 'alert.rises_to',
      title: 'BTC/USDT rose to 60,100.00',
      body: 'Price alert: BTC/USDT reached 60,150.25, at or above your alert price of 60,100.00.',
      link: '/pages/alerts/list',
      read: false,
    });
    expect((await notices(token)).unread).toBe(1);
    const [german] = await alertNotices(token, 'de');
    expect(german?.title).toBe('BTC/USDT ist auf 60.100,00 gestiegen');
    expect(await status(token, rise.id)).toMatchObject({ status: 'triggered', triggeredPrice: '60150.25' });
    expect((await status(token, rise.id))?.triggeredAt).not.toBeNull();
    expect((await status(token, fall.id))?.status).toBe('active');

    // Again across, and back: nothing more for the met one.
    tick('60000');
    tick('60200');
    tick('58000');
    await expect.poll(async () => (await alertNotices(token)).length).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    expect((await alertNotices(token)).map((n) => n.kind)).toEqual(['alert.falls_to', 'alert.rises_to']);
    expect((await list(token)).active).toBe(0);
    tick('60000');
  });

  it('turns a percent move into its price and fires on it', async () => {
    const { token } = await registerUser(s);
    tick('60000');
    await added(token, { condition: 'down_percent', percent: '10' });
    const up = await added(token, { condition: 'up_percent', percent: '2.5' });
    tick('54000.01');
    tick('53999.5');
    await expect.poll(async () => (await alertNotices(token)).length).toBe(1);
    const [notice] = await alertNotices(token);
    expect(notice?.title).toBe('BTC/USDT down 10%');
    expect(notice?.body).toBe(
      'Price alert: BTC/USDT fell 10% or more from 60,000.00 and reached 53,999.50 (alert price 54,000.00).',
    );
    // Its percent in the reader's separators.
    tick('61500');
    await expect
      .poll(async () => (await alertNotices(token, 'de')).map((n) => n.title))
      .toEqual(['BTC/USDT um 2,5 % gestiegen', 'BTC/USDT um 10 % gefallen']);
    expect((await status(token, up.id))?.status).toBe('triggered');
    tick('60000');
  });

  it('fires once with two evaluators hearing the same tick', async () => {
    const { token } = await registerUser(s);
    tick('60000');
    // A second watch on the same database, as a feed changing hands would run for a moment.
    const second = await startAlertWatch(s.ctx, s.market);
    try {
      const alert = await added(token, { condition: 'rises_to', price: '60500' });
      expect(second.watch.has(alert.id)).toBe(true);
      tick('60600');
      await second.fired();
      await expect.poll(async () => (await status(token, alert.id))?.status).toBe('triggered');
      await new Promise((r) => setTimeout(r, 200));
      expect(await alertNotices(token)).toHaveLength(1);
      expect(second.watch.has(alert.id)).toBe(false);
    } finally {
      second.stop();
      tick('60000');
    }
  });

  it('fires for a demo user too, on an instrument that follows another’s index', async () => {
    tick('60000');
    const demo = (await s.api<DemoSession>('/api/auth/loginvirtual', {})).body.data;
    expect(demo.user.kind).toBe('demo');
    const perp = s.market.price('BTC-PERP') as string;
    const alert = await added(demo.token, { symbol: 'BTC-PERP', condition: 'falls_to', price: '59000' });
    expect(alert.basePrice).toBe(perp);
    tick('58900');
    await expect
      .poll(async () => (await alertNotices(demo.token)).map((n) => n.kind))
      .toEqual(['alert.falls_to']);
    tick('60000');
  });

  it('fires an alert met while no process watched, on the first tick after a restart', async () => {
    const { token } = await registerUser(s);
    tick('60000');
    const alert = await added(token, { condition: 'rises_to', price: '65000' });
    s = await s.restart();
    // The restarted hub's first tick is already past it.
    tick('66000');
    await expect.poll(async () => (await status(token, alert.id))?.status).toBe('triggered');
    tick('60000');
  });

  it('is a user’s own: no session, no alerts', async () => {
    expect((await s.api('/api/alerts/list', {})).status).toBe(401);
    expect(
      (await s.api('/api/alerts/add', { symbol: 'BTC/USDT', condition: 'rises_to', price: '1' })).status,
    ).toBe(401);
  });
});
