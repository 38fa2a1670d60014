import { checkInclusion, formatUnits, parseUnits } from '@otc/core';
import type { AdminSession } from '@otc/protocol/admin/schemas';
import type { Adjustment } from '@otc/protocol/ledger/schemas';
import type {
  InclusionProof,
  MyInclusion,
  ProofSnapshot,
  ProofSnapshotsPage,
} from '@otc/protocol/proof/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';

describe.each(DATABASES)('adjustments and proof of liabilities on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let second: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
    await s.api(
      '/api/admin/operators',
      { email: 'second@test.local', password: 'Second-1234', role: 'admin' },
      { token: admin },
    );
    second = (
      await s.api<AdminSession>('/api/admin/login', { email: 'second@test.local', password: 'Second-1234' })
    ).body.data.token;
  });
  afterAll(() => s.close());

  async function credit(userId: string, amount: string, asset = 'USDT') {
    const asked = await s.api<Adjustment>(
      '/api/admin/ledger/adjustments',
      { userId, account: 'funding', asset, amount, reason: 'Test credit for a journey' },
      { token: admin },
    );
    expect(asked.body.code).toBe(200);
    const decided = await s.api<Adjustment>(
      '/api/admin/ledger/adjustments/decide',
      { id: asked.body.data.id, approve: true },
      { token: second },
    );
    expect(decided.body.data.status).toBe('approved');
  }

  it('moves money on a manual adjustment only after a second operator approves', async () => {
    const u = await registerUser(s);
    const asked = await s.api<Adjustment>(
      '/api/admin/ledger/adjustments',
      { userId: u.user.id, account: 'funding', asset: 'USDT', amount: '75.5', reason: 'Goodwill credit' },
      { token: admin },
    );
    expect(asked.body.data.status).toBe('pending');
    const balance = async () =>
      (
        await s.api<{ accounts: { kind: string; balances: { asset: string; available: string }[] }[] }>(
          `/api/admin/ledger/balances?userId=${u.user.id}`,
          undefined,
          { token: admin },
        )
      ).body.data.accounts[0]?.balances.find((b) => b.asset === 'USDT')?.available;
    expect(await balance()).toBe('0');
    // An unknown user is not found: a 401 would tell the back office its own session had ended.
    const unknown = await s.api('/api/admin/ledger/balances?userId=999999999', undefined, { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.data.error).toBe('not_found');

    // The requester's own approval is refused in their language before the database's CHECK is reached.
    for (const approve of [true, false]) {
      const self = await s.api<{ error: string }>(
        '/api/admin/ledger/adjustments/decide',
        { id: asked.body.data.id, approve },
        { token: admin, lang: 'fr' },
      );
      expect(self.status).toBe(403);
      expect(self.body.data.error).toBe('second_operator_required');
      expect(self.body.msg).toBe('Un second opérateur doit statuer sur cette demande.');
    }
    expect(await balance()).toBe('0');
    const pending = await s.api<{ items: Adjustment[] }>('/api/admin/ledger/adjustments', undefined, {
      token: admin,
    });
    expect(pending.body.data.items.find((a) => a.id === asked.body.data.id)?.status).toBe('pending');

    await s.api(
      '/api/admin/ledger/adjustments/decide',
      { id: asked.body.data.id, approve: true },
      { token: second },
    );
    expect(await balance()).toBe('75.5');
    const twice = await s.api(
      '/api/admin/ledger/adjustments/decide',
      { id: asked.body.data.id, approve: true },
      { token: second },
    );
    expect(twice.body.data.error).toBe('already_decided');

    const journal = await s.api<{ items: { kind: string }[] }>(
      `/api/admin/ledger/journal?userId=${u.user.id}`,
      undefined,
      { token: admin },
    );
    expect(journal.body.data.items[0]?.kind).toBe('admin.adjust');
    const audit = await s.api<{ items: { action: string }[] }>('/api/admin/audit?pageSize=50', undefined, {
      token: admin,
    });
    const actions = audit.body.data.items.map((a) => a.action);
    expect(actions).toContain('ledger.adjustment.request');
    expect(actions).toContain('ledger.adjustment.approve');

    const rejected = await s.api<Adjustment>(
      '/api/admin/ledger/adjustments',
      { userId: u.user.id, account: 'funding', asset: 'USDT', amount: '-1000', reason: 'Mistaken debit' },
      { token: admin },
    );
    expect(
      (
        await s.api<Adjustment>(
          '/api/admin/ledger/adjustments/decide',
          { id: rejected.body.data.id, approve: false },
          { token: second },
        )
      ).body.data.status,
    ).toBe('rejected');
    expect(await balance()).toBe('75.5');
    const fine = await s.api(
      '/api/admin/ledger/adjustments',
      {
        userId: u.user.id,
        account: 'funding',
        asset: 'USDT',
        amount: '0.0000001',
        reason: 'Below the asset precision',
      },
      { token: admin },
    );
    expect(fine.body.data.error).toBe('amount_precision');
    const tooMuch = await s.api<Adjustment>(
      '/api/admin/ledger/adjustments',
      { userId: u.user.id, account: 'funding', asset: 'USDT', amount: '-1000', reason: 'Would go negative' },
      { token: admin },
    );
    const refused = await s.api(
      '/api/admin/ledger/adjustments/decide',
      { id: tooMuch.body.data.id, approve: true },
      { token: second },
    );
    expect(refused.body.data.error).toBe('insufficient_balance');
    expect(await balance()).toBe('75.5');
  });

  it('publishes a root over real users that each user can verify, and leaves demo money out', async () => {
    const alice = await registerUser(s);
    const bob = await registerUser(s);
    await credit(alice.user.id, '120');
    await credit(bob.user.id, '0.5', 'BTC');
    await s.api('/api/auth/loginvirtual', {});

    // Before the first snapshot: not included yet, and the next is due now (the job's first run).
    const none = await s.api<MyInclusion>('/api/proof/mine', {}, { token: alice.token });
    expect(none.body.code).toBe(200);
    expect(none.body.data).toMatchObject({ included: false, snapshot: null });
    const built = await s.api<ProofSnapshot>('/api/admin/proof/build', {}, { token: admin });
    expect(built.body.code).toBe(200);
    const latest = (await s.api<ProofSnapshot>('/api/proof/latest', {})).body.data;
    expect(latest.root).toBe(built.body.data.root);

    const sums = await s.db.query<{ asset: string; total: string }>(
      `SELECT asset, sum(available + frozen)::text AS total FROM ledger_accounts
       WHERE realm = 'live' AND owner_type = 'user' GROUP BY asset HAVING sum(available + frozen) > 0 ORDER BY asset`,
    );
    expect(latest.totals).toEqual(
      sums.map((r) => ({ asset: r.asset, total: formatUnits(parseUnits(r.total)) })),
    );

    const mine = (await s.api<MyInclusion>('/api/proof/mine', {}, { token: alice.token })).body.data;
    if (!mine.included) throw new Error('alice is not in the snapshot');
    const proof: InclusionProof = mine;
    expect(proof.balances).toEqual([{ asset: 'USDT', amount: '120' }]);
    expect(checkInclusion(proof, latest.root)).toEqual({ ok: true });
    expect(checkInclusion({ ...proof, balances: [{ asset: 'USDT', amount: '121' }] }, latest.root)).toEqual({
      ok: false,
      reason: 'leaf',
    });
    // The path's sums add up to the published totals (the tree binds them): a lowered total fails.
    const lowered = latest.totals.map((t) => (t.asset === 'USDT' ? { ...t, total: '1' } : t));
    expect(checkInclusion({ ...proof, snapshot: { ...proof.snapshot, totals: lowered } })).toEqual({
      ok: false,
      reason: 'totals',
    });

    // A user who held nothing then: not included yet, and told when the next snapshot is (a day on).
    const empty = await registerUser(s);
    const notYet = await s.api<MyInclusion>('/api/proof/mine', {}, { token: empty.token });
    expect(notYet.status).toBe(200);
    expect(notYet.body.data).toMatchObject({ included: false, snapshot: { id: latest.id } });
    const day = Date.parse(latest.createdAt) + 24 * 3_600_000;
    const nextAt = Date.parse((notYet.body.data as { nextAt: string }).nextAt);
    expect(nextAt).toBeGreaterThanOrEqual(day);
    expect(nextAt).toBeLessThanOrEqual(day + 3_600_000);
  });

  it('keeps every snapshot, listed newest first with its date, root and totals; a bad page is refused', async () => {
    const first = (await s.api<ProofSnapshot>('/api/admin/proof/build', {}, { token: admin })).body.data;
    const second = (await s.api<ProofSnapshot>('/api/admin/proof/build', {}, { token: admin })).body.data;
    const page = (await s.api<ProofSnapshotsPage>('/api/proof/snapshots', { page: 1, pageSize: 2 })).body
      .data;
    expect(page.items.map((x) => x.id)).toEqual([second.id, first.id]);
    expect(page.items[0]).toEqual(second);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const bad = await s.api('/api/proof/snapshots', { page: 0, pageSize: 500 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400 });
  });
});

describe.each(DATABASES)('the first proof of liabilities on a new platform, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  it('is published by the first start, and a user who joins after it learns when the next one is (issue 23)', async () => {
    // The snapshot job is due at the first start: the runner's first pass publishes it.
    await s.jobs.runDue();
    const first = await s.api<ProofSnapshot>('/api/proof/latest', {});
    expect(first.status).toBe(200);
    const u = await registerUser(s);
    const mine = await s.api<MyInclusion>('/api/proof/mine', {}, { token: u.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ included: false, snapshot: { id: first.body.data.id } });
    // The job looks hourly from the first start: the first of its runs once the snapshot is a day old.
    const [job] = await s.db.query<{ run_at: Date }>(`SELECT run_at FROM jobs WHERE name = 'proof.snapshot'`);
    const day = Date.parse(first.body.data.createdAt) + 24 * 3_600_000;
    const nextAt = Date.parse((mine.body.data as { nextAt: string }).nextAt);
    expect(nextAt).toBeGreaterThanOrEqual(day);
    expect((nextAt - new Date(job?.run_at ?? 0).getTime()) % 3_600_000).toBe(0);
  });
});
