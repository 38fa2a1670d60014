import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type {
  AssetsOverview,
  CoinTransferInfo,
  CoinTransferRecord,
  TransferRecord,
} from '@otc/protocol/ledger/schemas';
import type { NoticeList } from '@otc/protocol/notifications/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../../src/areas.ts';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

const balanceOf = (o: AssetsOverview, kind: string, asset: string) =>
  o.accounts.find((a) => a.kind === kind)?.balances.find((b) => b.asset === asset);

describe.each(DATABASES)('the ledger on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const overview = async (token: string) =>
    (await s.api<AssetsOverview>('/api/assets/overview', {}, { token })).body.data;
  const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  const fund = (userId: string, asset: string, amount: string) => deposit(s, userId, asset, amount);

  it('starts a real user at zero and a demo user at 100,000 demo USDT in funding and 10,000 in contract', async () => {
    const real = await registerUser(s);
    const o = await overview(real.token);
    expect(o.realm).toBe('live');
    expect(o.totalUsdt).toBe('0');
    expect(o.accounts.map((a) => a.kind)).toEqual(['funding', 'contract', 'fiat']);

    const d = await demo();
    const od = await overview(d.token);
    expect(od.realm).toBe('demo');
    expect(balanceOf(od, 'funding', 'USDT')).toMatchObject({
      available: '100000',
      frozen: '0',
      total: '100000',
      valueUsdt: '100000',
    });
    // Issue 24: and 10,000 more in the contract account, so Futures and Seconds open with play money.
    expect(balanceOf(od, 'contract', 'USDT')).toMatchObject({
      available: '10000',
      frozen: '0',
      total: '10000',
    });
    expect(od.totalUsdt).toBe('110000');
  });

  it('moves money between own accounts, once per idempotency key, and keeps the journal', async () => {
    const d = await demo();
    const key = randomUUID();
    const body = { from: 'funding', to: 'contract', asset: 'USDT', amount: '2500.5', idempotencyKey: key };
    const first = await s.api<TransferRecord>('/api/credit/transfer', body, { token: d.token });
    expect(first.body.code).toBe(200);
    const again = await s.api<TransferRecord>('/api/credit/transfer', body, { token: d.token });
    expect(again.body.data).toEqual(first.body.data);
    const conflict = await s.api('/api/credit/transfer', { ...body, amount: '1' }, { token: d.token });
    expect(conflict.status).toBe(409);
    expect(conflict.body.data.error).toBe('idempotency_conflict');

    const o = await overview(d.token);
    expect(balanceOf(o, 'funding', 'USDT')?.available).toBe('97499.5');
    expect(balanceOf(o, 'contract', 'USDT')?.available).toBe('12500.5'); // beside the 10,000 of the demo contract grant
    expect(o.totalUsdt).toBe('110000');

    const log = await s.api<{ items: TransferRecord[]; total: number }>(
      '/api/credit/transferlog',
      {},
      { token: d.token },
    );
    expect(log.body.data.total).toBe(1);
    const journal = await s.api<{ items: { kind: string; amount: string }[] }>(
      '/api/assets/accountlog',
      { account: 'contract' },
      { token: d.token },
    );
    expect(journal.body.data.items).toEqual([
      expect.objectContaining({ kind: 'transfer.own', amount: '2500.5' }),
      expect.objectContaining({ kind: 'demo.grant', amount: '10000' }),
    ]);
  });

  it('refuses bad amounts, assets and accounts with a clear error and moves nothing', async () => {
    const d = await demo();
    const before = await overview(d.token);
    const base = {
      from: 'funding',
      to: 'contract',
      asset: 'USDT',
      amount: '1',
      idempotencyKey: randomUUID(),
    };
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ amount: '-5' }, 'field_invalid', 'amount'],
      [{ amount: '0' }, 'field_invalid', 'amount'],
      [{ amount: '0.0000001' }, 'amount_precision', 'amount'],
      [{ amount: 1 }, 'field_invalid', 'amount'],
      [{ amount: '1e3' }, 'field_invalid', 'amount'],
      [{ amount: '100000.000001' }, 'insufficient_balance'],
      [{ asset: 'NOPE' }, 'asset_unknown', 'asset'],
      [{ asset: '<script>' }, 'field_invalid', 'asset'],
      [{ to: 'funding' }, 'same_account', 'to'],
      [{ to: 'savings' }, 'field_invalid', 'to'],
      [{ idempotencyKey: 'x' }, 'field_invalid', 'idempotencyKey'],
      // There is no way to name another user's account: such a field is refused, not ignored.
      [{ userId: '10000001' }, 'field_invalid', 'userId'],
      [{ owner: 'user:10000001:funding' }, 'field_invalid', 'owner'],
    ];
    for (const [patch, error, field] of cases) {
      const res = await s.api(
        '/api/credit/transfer',
        { ...base, idempotencyKey: randomUUID(), ...patch },
        { token: d.token, lang: 'de' },
      );
      expect(res.body.data.error, JSON.stringify(patch)).toBe(error);
      if (field) expect(res.body.data.field).toBe(field);
      expect(res.status).toBeLessThan(500);
    }
    expect(await overview(d.token)).toEqual(before);
    expect((await s.api('/api/credit/transfer', base)).status).toBe(401);
  });

  it('sends funds to another user ID with the transaction password; both see it', async () => {
    const alice = await registerUser(s);
    const bob = await registerUser(s);
    await fund(alice.user.id, 'USDT', '1000');

    const info = await s.api<CoinTransferInfo>(
      '/api/credit/cointransferinfo',
      { toUserId: bob.user.id },
      { token: alice.token },
    );
    expect(info.body.data.recipient?.id).toBe(bob.user.id);
    expect(info.body.data.recipient?.nickname).not.toBe(bob.user.nickname);
    expect(info.body.data.balances.find((b) => b.asset === 'USDT')?.available).toBe('1000');

    const body = {
      toUserId: bob.user.id,
      asset: 'USDT',
      amount: '250.25',
      tradePassword: PASSWORD,
      idempotencyKey: randomUUID(),
    };
    const wrong = await s.api(
      '/api/credit/cointransfer',
      { ...body, tradePassword: 'Nope12345' },
      { token: alice.token },
    );
    expect(wrong.body.data.error).toBe('trade_password_wrong');
    const sent = await s.api<CoinTransferRecord>('/api/credit/cointransfer', body, { token: alice.token });
    expect(sent.body.code).toBe(200);
    expect(sent.body.data.direction).toBe('out');

    expect(balanceOf(await overview(alice.token), 'funding', 'USDT')?.available).toBe('749.75');
    expect(balanceOf(await overview(bob.token), 'funding', 'USDT')?.available).toBe('250.25');
    const bobLog = await s.api<{ items: CoinTransferRecord[] }>(
      '/api/credit/cointransferlog',
      {},
      { token: bob.token },
    );
    expect(bobLog.body.data.items[0]).toMatchObject({
      direction: 'in',
      amount: '250.25',
      counterparty: { id: alice.user.id },
    });
    // Issue 24: the recipient is told, in their language, with the amount as the app shows amounts.
    const bobNotices = await s.api<NoticeList>(
      '/api/common/noticelist',
      {},
      { token: bob.token, lang: 'en' },
    );
    expect(bobNotices.body.data.items).toHaveLength(1);
    expect(bobNotices.body.data.items[0]).toMatchObject({
      kind: 'transfer.received',
      title: 'Funds received',
    });
    expect(bobNotices.body.data.items[0]?.body).toContain(`250.25 USDT from user ${alice.user.id}`);
    const aliceNotices = await s.api<NoticeList>('/api/common/noticelist', {}, { token: alice.token });
    expect(aliceNotices.body.data.items).toHaveLength(0);

    const refusals: [Record<string, unknown>, string][] = [
      [{ toUserId: alice.user.id }, 'recipient_self'],
      [{ toUserId: '99999999' }, 'recipient_unknown'],
      [{ toUserId: 'abc' }, 'field_invalid'],
      [{ amount: '10000' }, 'insufficient_balance'],
    ];
    for (const [patch, error] of refusals) {
      const res = await s.api(
        '/api/credit/cointransfer',
        { ...body, idempotencyKey: randomUUID(), ...patch },
        { token: alice.token },
      );
      expect(res.body.data.error, JSON.stringify(patch)).toBe(error);
    }
    expect(balanceOf(await overview(alice.token), 'funding', 'USDT')?.available).toBe('749.75');
  });

  it('keeps demo money away from real users', async () => {
    const d = await demo();
    const real = await registerUser(s);
    const send = await s.api(
      '/api/credit/cointransfer',
      {
        toUserId: real.user.id,
        asset: 'USDT',
        amount: '1',
        tradePassword: 'x',
        idempotencyKey: randomUUID(),
      },
      { token: d.token },
    );
    expect(send.status).toBe(403);
    expect(send.body.data.error).toBe('demo_not_allowed');
    await fund(real.user.id, 'USDT', '5');
    const receive = await s.api(
      '/api/credit/cointransfer',
      {
        toUserId: d.user.id,
        asset: 'USDT',
        amount: '1',
        tradePassword: PASSWORD,
        idempotencyKey: randomUUID(),
      },
      { token: real.token },
    );
    expect(receive.body.data.error).toBe('recipient_unknown');
  });

  it('lets exactly the affordable ones of 200 concurrent transfers through', async () => {
    const alice = await registerUser(s);
    await fund(alice.user.id, 'USDT', '100');
    // 200 transfers of 0.75 USDT: 133 fit in 100 USDT, 67 must be refused.
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        s.api(
          '/api/credit/transfer',
          { from: 'funding', to: 'contract', asset: 'USDT', amount: '0.75', idempotencyKey: randomUUID() },
          { token: alice.token },
        ),
      ),
    );
    const okCount = results.filter((r) => r.body.code === 200).length;
    expect(okCount).toBe(133);
    expect(results.filter((r) => r.body.data.error === 'insufficient_balance')).toHaveLength(67);
    const o = await overview(alice.token);
    expect(balanceOf(o, 'funding', 'USDT')?.available).toBe('0.25');
    expect(balanceOf(o, 'contract', 'USDT')?.available).toBe('99.75');
    expect(await checkLedger(s.db)).toEqual([]);
  });

  it('never deadlocks when transfers cross between two accounts at once', async () => {
    const d = await demo();
    await s.api(
      '/api/credit/transfer',
      { from: 'funding', to: 'contract', asset: 'USDT', amount: '500', idempotencyKey: randomUUID() },
      { token: d.token },
    );
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        s.api(
          '/api/credit/transfer',
          {
            from: i % 2 ? 'funding' : 'contract',
            to: i % 2 ? 'contract' : 'funding',
            asset: 'USDT',
            amount: '7',
            idempotencyKey: randomUUID(),
          },
          { token: d.token },
        ),
      ),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    const o = await overview(d.token);
    expect(balanceOf(o, 'funding', 'USDT')?.available).toBe('99500');
    expect(balanceOf(o, 'contract', 'USDT')?.available).toBe('10500'); // with the 10,000 grant
  });

  it('moves money once when the same key arrives many times at once', async () => {
    const d = await demo();
    const body = { from: 'funding', to: 'fiat', asset: 'USDT', amount: '10', idempotencyKey: randomUUID() };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.api<TransferRecord>('/api/credit/transfer', body, { token: d.token }),
      ),
    );
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(balanceOf(await overview(d.token), 'fiat', 'USDT')?.available).toBe('10');
  });

  it('reports entries and orders that name missing rows (the hot tables have no foreign keys)', async () => {
    const found = await s.db
      .tx(async (tx) => {
        await tx.query(
          `INSERT INTO journal_entries (journal_id, account_id, asset, field, amount) VALUES (-1, -1, 'USDT', 'available', 1)`,
        );
        await tx.query(
          `INSERT INTO spot_orders (user_id, realm, symbol, side, type, price, qty, frozen_asset, frozen, status)
           VALUES (-1, 'demo', 'NOPE/USDT', 'buy', 'limit', 1, 1, 'USDT', 0, 'open')`,
        );
        const problems = await checkLedger(tx);
        throw Object.assign(new Error('rolled back'), { problems });
      })
      .catch((err: { problems?: string[] }) => err.problems);
    expect(found).toHaveLength(2);
    expect(found?.[0]).toMatch(/^entry \d+ names a row that does not exist$/);
    expect(found?.[1]).toMatch(/^spot order \d+ names a row that does not exist$/);
    // Rolled back: the ledger as the suite left it is whole.
    expect(await checkLedger(s.db)).toEqual([]);
  });
});
