import type { AdminSession } from '@otc/protocol/admin/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import type { Adjustment } from '@otc/protocol/ledger/schemas';
import type { Notice, NoticeList } from '@otc/protocol/notifications/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceNotices, notify } from '../../../src/notifications/index.ts';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';

describe.each(DATABASES)('notifications on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const list = (token: string, lang = 'en', body: object = {}) =>
    s.api<NoticeList>('/api/common/noticelist', body, { token, lang });
  const unread = async (token: string) =>
    (await s.api<{ unread: number }>('/api/common/noticeunread', {}, { token })).body.data.unread;
  const readAtOf = async (id: string) =>
    (await s.db.query<{ read_at: Date | null }>('SELECT read_at FROM notifications WHERE id = $1', [id]))[0]
      ?.read_at;
  const write = (userId: string, note: Parameters<typeof notify>[2]) =>
    s.db.tx((q) => notify(q, userId, note));

  it('writes nothing when the transaction that reports the event rolls back', async () => {
    const u = await registerUser(s);
    await expect(
      s.db.tx(async (q) => {
        await notify(q, u.user.id, { kind: 'kyc.basic.approved' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    const page = await list(u.token);
    expect(page.body.data).toMatchObject({ items: [], total: 0, unread: 0 });
  });

  it('refuses a link that is not a path inside the app, writing nothing', async () => {
    const u = await registerUser(s);
    for (const link of ['https://phish.example/login', '//phish.example', 'javascript:alert(1)'])
      await expect(write(u.user.id, { kind: 'kyc.basic.approved', link })).rejects.toThrow(/app path/);
    expect((await list(u.token)).body.data.total).toBe(0);
  });

  it("lists newest first, each read in the reader's language, params as plain text", async () => {
    const u = await registerUser(s);
    await write(u.user.id, { kind: 'kyc.basic.approved' });
    await write(u.user.id, {
      kind: 'kyc.basic.rejected',
      params: { reason: 'Photo <b>blurred</b> {{reason}}' },
      link: '/pages/assets/auth',
    });

    const en = (await list(u.token, 'en')).body.data;
    expect(en.total).toBe(2);
    expect(en.unread).toBe(2);
    expect(en.items.map((n) => n.kind)).toEqual(['kyc.basic.rejected', 'kyc.basic.approved']);
    expect(en.items[0]).toMatchObject({
      title: 'Identity verification not approved',
      body: 'Your basic identity verification was not approved. You can correct your details and submit again. Reason: Photo <b>blurred</b> {{reason}}',
      link: '/pages/assets/auth',
      read: false,
    });
    expect(en.items[1]).toMatchObject({ title: 'Identity verified', link: null, read: false });

    // The same rows, in German for a German reader.
    const de = (await list(u.token, 'de')).body.data;
    expect(de.items.map((n) => n.id)).toEqual(en.items.map((n) => n.id));
    expect(de.items[0]?.title).toBe('Identitätsprüfung nicht genehmigt');
    expect(de.items[0]?.body).toContain('Grund: Photo <b>blurred</b>');
    expect(de.items[1]?.title).toBe('Identität verifiziert');

    // Pages of one, newest first.
    const second = (await list(u.token, 'en', { page: 2, pageSize: 1 })).body.data;
    expect(second.items.map((n) => n.id)).toEqual([en.items[1]?.id]);
    expect(second.total).toBe(2);
  });

  it("shows amounts as the app does, in the reader's separators (issue 23: '20000 USDT')", async () => {
    const u = await registerUser(s);
    await write(u.user.id, {
      kind: 'withdrawal.completed',
      params: { amount: '20000', asset: 'USDT', received: '19999.5', address: '0xabc' },
    });
    await write(u.user.id, {
      kind: 'ledger.adjusted',
      params: { amount: '+1234.56789', asset: 'BTC', account: 'funding' },
    });
    const [adjusted, withdrawn] = (await list(u.token, 'en')).body.data.items as [Notice, Notice];
    expect(withdrawn.body).toBe(
      'Your withdrawal of 20,000.00 USDT has arrived: 19,999.50 USDT sent to 0xabc.',
    );
    expect(adjusted.body).toContain('Change: +1,234.56789 BTC.');
    const de = (await list(u.token, 'de')).body.data.items as [Notice, Notice];
    expect(de[1].body).toContain('20.000,00 USDT');
    expect(de[1].body).toContain('19.999,50 USDT');
    const detail = await s.api<Notice>(
      '/api/common/noticedetail',
      { id: withdrawn.id },
      { token: u.token, lang: 'de' },
    );
    expect(detail.body.data.body).toContain('20.000,00 USDT');
  });

  it("shows a position's price at its tick, its lots grouped and its refund in USDT (issue 24)", async () => {
    const u = await registerUser(s);
    await write(u.user.id, {
      kind: 'position.liquidated',
      params: { symbol: 'BTC-PERP', side: 'long', lots: '1500', price: '67433.8', toUser: '20000' },
      link: '/pages/futures/Holding',
    });
    await write(u.user.id, {
      kind: 'position.revalued',
      params: { symbol: 'USD/JPY', side: 'short', lots: '2', price: '155.4', returned: '339.02484075' },
      link: '/pages/futures/Holding',
    });
    const [revalued, liquidated] = (await list(u.token, 'en')).body.data.items as [Notice, Notice];
    // BTC-PERP's tick is 0.01: 67,433.80, not 67433.8; the return is 20,000.00 USDT.
    expect(liquidated.body).toBe(
      'Your long position of 1,500 BTC-PERP was liquidated at 67,433.80. Returned to your contract account: 20,000.00 USDT.',
    );
    // USD/JPY's tick is 0.001: 155.400; 339.02484075 USDT is cut to its two places.
    expect(revalued.body).toContain('entry price 155.400');
    expect(revalued.body).toContain('339.02 USDT');
    const de = (await list(u.token, 'de')).body.data.items as [Notice, Notice];
    expect(de[1].body).toContain('67.433,80');
    expect(de[1].body).toContain('1.500');
    expect(de[1].body).toContain('20.000,00 USDT');
    expect(de[0].body).toContain('155,400');
    expect(de[0].body).toContain('339,02 USDT');
  });

  it('counts unread, reads one (by the list or the detail), then all', async () => {
    const u = await registerUser(s);
    for (let i = 0; i < 3; i++) await write(u.user.id, { kind: 'kyc.advanced.approved' });
    expect(await unread(u.token)).toBe(3);
    const [newest, middle, oldest] = (await list(u.token)).body.data.items as [Notice, Notice, Notice];

    const one = await s.api<{ unread: number }>(
      '/api/common/noticeread',
      { id: newest.id },
      { token: u.token },
    );
    expect(one.body.data.unread).toBe(2);
    // Reading it again changes nothing.
    await s.api('/api/common/noticeread', { id: newest.id }, { token: u.token });
    expect(await unread(u.token)).toBe(2);

    const detail = await s.api<Notice>(
      '/api/common/noticedetail',
      { id: middle.id },
      { token: u.token, lang: 'fr' },
    );
    expect(detail.body.data).toMatchObject({
      id: middle.id,
      title: 'Vérification avancée approuvée',
      read: true,
    });
    expect(await unread(u.token)).toBe(1);
    expect((await list(u.token)).body.data.items.map((n) => n.read)).toEqual([true, true, false]);

    const all = await s.api<{ unread: number }>('/api/common/noticeread', { all: true }, { token: u.token });
    expect(all.body.data.unread).toBe(0);
    expect(await readAtOf(oldest.id)).not.toBeNull();
    expect((await list(u.token)).body.data.unread).toBe(0);
  });

  it("refuses another user's notification as not found, and changes nothing", async () => {
    const owner = await registerUser(s);
    const other = await registerUser(s);
    await write(owner.user.id, { kind: 'kyc.basic.approved' });
    const [mine] = (await list(owner.token)).body.data.items as [Notice];

    for (const path of ['/api/common/noticeread', '/api/common/noticedetail']) {
      const res = await s.api(path, { id: mine.id }, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body.data).toMatchObject({ error: 'not_found', field: 'id' });
    }
    // Marking all read touches only the caller's own.
    await s.api('/api/common/noticeread', { all: true }, { token: other.token });
    expect(await readAtOf(mine.id)).toBeNull();
    expect(await unread(owner.token)).toBe(1);
    // Unknown ids likewise; bad input is a clear error.
    expect((await s.api('/api/common/noticeread', { id: '999999999' }, { token: owner.token })).status).toBe(
      404,
    );
    for (const body of [{}, { id: mine.id, all: true }, { id: 'abc' }, { all: false }]) {
      const res = await s.api('/api/common/noticeread', body, { token: owner.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).not.toBe('');
    }
    expect(await unread(owner.token)).toBe(1);
  });

  it("announces the unread count on the owner's private channel only (demo users too)", async () => {
    const owner = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const other = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const sockets = await Promise.all([TestSocket.open(s.url), TestSocket.open(s.url)]);
    const [mine, theirs] = sockets;
    for (const [ws, token] of [
      [mine, owner.token],
      [theirs, other.token],
    ] as const) {
      ws.send({ op: 'auth', token });
      ws.send({ op: 'subscribe', channels: ['user'] });
      await ws.waitFor((f) => f.type === 'subscribed');
    }
    await write(owner.user.id, { kind: 'kyc.basic.approved' });
    await announceNotices(s.ctx, [owner.user.id]);
    const event = await mine.waitFor(
      (f) => f.channel === 'user' && (f.data as { kind?: string }).kind === 'notice',
    );
    const [latest] = (await list(owner.token)).body.data.items as [Notice];
    expect(event.data).toEqual({ kind: 'notice', unread: 1, latestId: latest.id });

    // Reading it announces the new count.
    await s.api('/api/common/noticeread', { id: latest.id }, { token: owner.token });
    await mine.waitFor((f) => f.channel === 'user' && (f.data as { unread?: number }).unread === 0);
    // A frame that reaches the other user afterwards proves nothing of the owner's was on its way.
    await write(other.user.id, { kind: 'kyc.basic.approved' });
    await announceNotices(s.ctx, [other.user.id]);
    await theirs.waitFor((f) => f.channel === 'user' && (f.data as { kind?: string }).kind === 'notice');
    const noticesOf = (ws: TestSocket) =>
      ws.frames.filter((f) => f.channel === 'user' && (f.data as { kind?: string }).kind === 'notice');
    expect(noticesOf(theirs)).toHaveLength(1);
    expect(noticesOf(theirs)[0]?.data).toMatchObject({ unread: 1 });
    for (const ws of sockets) ws.close();
  });

  it("writes one on an operator's approved balance adjustment, none on a rejected one", async () => {
    const admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
    await s.api(
      '/api/admin/operators',
      { email: 'notices@test.local', password: 'Second-1234', role: 'admin' },
      { token: admin },
    );
    const second = (
      await s.api<AdminSession>('/api/admin/login', { email: 'notices@test.local', password: 'Second-1234' })
    ).body.data.token;
    const u = await registerUser(s);
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'auth', token: u.token });
    ws.send({ op: 'subscribe', channels: ['user'] });
    await ws.waitFor((f) => f.type === 'subscribed');

    const adjust = async (amount: string, approve: boolean) => {
      const asked = await s.api<Adjustment>(
        '/api/admin/ledger/adjustments',
        { userId: u.user.id, account: 'funding', asset: 'USDT', amount, reason: 'Internal <i>note</i>' },
        { token: admin },
      );
      const decided = await s.api<Adjustment>(
        '/api/admin/ledger/adjustments/decide',
        { id: asked.body.data.id, approve },
        { token: second },
      );
      expect(decided.body.data.status).toBe(approve ? 'approved' : 'rejected');
    };
    await adjust('75.5', false);
    expect((await list(u.token)).body.data.total).toBe(0);

    await adjust('75.5', true);
    const page = (await list(u.token)).body.data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      kind: 'ledger.adjusted',
      title: 'Balance adjusted',
      body: 'An operator adjusted your balance. Account: Funding. Change: +75.50 USDT.',
      link: '/pages/assets/zhanghuDetail?account=funding&asset=USDT',
      read: false,
    });
    // The operator's reason is theirs: the user's text does not carry it.
    expect(page.items[0]?.body).not.toContain('note');
    await ws.waitFor((f) => f.channel === 'user' && (f.data as { kind?: string }).kind === 'notice');

    await adjust('-0.5', true);
    const de = (await list(u.token, 'de')).body.data;
    expect(de.items[0]?.body).toBe(
      'Ein Mitarbeiter hat Ihr Guthaben angepasst. Konto: Funding-Konto. Änderung: -0,50 USDT.',
    );
    expect(de.unread).toBe(2);
    ws.close();
  });
});
