import { randomBytes } from 'node:crypto';
import { toChecksumAddress } from '@otc/core';
import type { ChainStatuses } from '@otc/protocol/cashier/chain/schemas';
import type { Withdrawal } from '@otc/protocol/cashier/withdrawal/schemas';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundsIdle, sendingChainOf, withdrawalRound } from '../../../src/cashier/withdrawal/sender.ts';
import { type DevChain, onDevChain, startDevChain } from '../chain/dev-chain.ts';
import { operatorOf } from '../kyc/kyc-fixtures.ts';
import { noticesOf } from '../kyc/notices.ts';
import { PASSWORD } from '../support/accounts.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';
import { newKey, usdtOf, verifiedUser } from './withdraw-fixtures.ts';

const freshAddress = () => toChecksumAddress(`0x${randomBytes(20).toString('hex')}`) as Address;
/** USDT in the dev token's units (6 decimals). */
const usdt = (whole: number) => BigInt(whole) * 1_000_000n;

describe.each(DATABASES)('withdrawals sent on the dev chain, on %s', (kind) => {
  let s: TestServer;
  let dev: DevChain;
  let reviewer: string;
  beforeAll(async () => {
    dev = await startDevChain();
    s = await startServer(kind, onDevChain(dev));
    reviewer = await operatorOf(s, 'reviewer');
  });
  afterAll(async () => {
    await roundsIdle();
    await s.close();
    await dev.stop();
  });

  const chain = () => {
    const c = sendingChainOf(s.ctx, dev.chainId);
    if (!c) throw new Error('the dev chain is not enabled');
    return c;
  };
  /** One of the sender's rounds, as the background runs them (after any the request woke). */
  const round = () => withdrawalRound(s.ctx, chain());
  const withdraw = async (token: string, address: string, amount: string) => {
    const res = await s.api<Withdrawal>(
      '/api/funding/withdraw',
      { chainId: dev.chainId, address, amount, tradePassword: PASSWORD, idempotencyKey: newKey() },
      { token },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const row = async (id: string) => {
    const [r] = await s.db.query<{ status: string; nonce: string | null; tx_hash: string | null }>(
      'SELECT status, nonce::text AS nonce, tx_hash FROM withdrawals WHERE id = $1',
      [id],
    );
    return r;
  };
  /** The withdrawal as the user's records show it, and as the back office does. */
  const failureOf = async (token: string, id: string) => {
    const mine = await s.api<{ items: Withdrawal[] }>('/api/funding/withdrawals', {}, { token });
    const admin = await s.api<Withdrawal>(`/api/admin/funding/withdrawal?id=${id}`, undefined, {
      token: reviewer,
    });
    expect(admin.body.data.failure).toEqual(mine.body.data.items.find((x) => x.id === id)?.failure);
    return admin.body.data.failure;
  };
  const receiptCount = async (hash: string | null | undefined) =>
    (await dev.client.getTransactionReceipt({ hash: hash as `0x${string}` }).catch(() => null)) ? 1 : 0;
  const confirmed = async () => {
    await dev.mine(chain().confirmations + 1);
    await round();
  };

  it('a small withdrawal goes out from the hot wallet and the tokens arrive at the address', async () => {
    const u = await verifiedUser(s, '100');
    const to = freshAddress();
    const w = await withdraw(u.token, to.toLowerCase(), '25.5');
    await round();
    const sent = await row(w.id);
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent?.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // What arrives is amount - fee, in the token's exact units.
    expect(await dev.usdtBalance(to)).toBe(24_500_000n);
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '74.5', frozen: '25.5' });

    await confirmed();
    expect((await row(w.id))?.status).toBe('completed');
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '74.5', frozen: '0' });
    const [world] = await s.db.query<{ available: string }>(
      `SELECT available::text AS available FROM ledger_accounts
       WHERE owner_type = 'external' AND owner = 'chain-${dev.chainId}' AND asset = 'USDT'`,
    );
    expect(Number(world?.available)).toBeGreaterThanOrEqual(24.5);
    const list = await s.api<{ items: Withdrawal[] }>('/api/funding/withdrawals', {}, { token: u.token });
    expect(list.body.data.items[0]).toMatchObject({
      status: 'completed',
      received: '24.5',
      txHash: sent?.tx_hash,
    });
    expect((await noticesOf(s, u.user.id)).map((n) => n.kind)).toContain('withdrawal.completed');
    // Another round settles nothing twice.
    await confirmed();
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '74.5', frozen: '0' });
  });

  /** The user's socket, subscribed to their private channel. */
  const userSocket = async (token: string) => {
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'auth', token });
    ws.send({ op: 'subscribe', channels: ['user'] });
    await ws.waitFor((f) => f.type === 'subscribed');
    return ws;
  };
  /** The statuses the user's socket was told for a withdrawal, in the order it was told them. */
  const toldStatuses = (ws: TestSocket, id: string) =>
    ws.frames
      .filter((f) => f.channel === 'user')
      .map((f) => f.data as { kind: string; withdrawal?: Withdrawal })
      .filter((d) => d.kind === 'withdrawal' && d.withdrawal?.id === id)
      .map((d) => d.withdrawal?.status);
  const toldUntil = async (ws: TestSocket, id: string, status: string) => {
    await ws.waitFor(
      (f) =>
        f.channel === 'user' &&
        (f.data as { withdrawal?: Withdrawal }).withdrawal?.id === id &&
        (f.data as { withdrawal?: Withdrawal }).withdrawal?.status === status,
    );
    return toldStatuses(ws, id);
  };

  it("tells the user's socket each status move of a withdrawal, with the stored record (issue 23)", async () => {
    const u = await verifiedUser(s, '12000');
    const ws = await userSocket(u.token);
    // Small: requested as approved, then sent and completed by the sender.
    const small = await withdraw(u.token, freshAddress(), '30');
    await round();
    await confirmed();
    expect(await toldUntil(ws, small.id, 'completed')).toEqual(['approved', 'sent', 'completed']);
    const done = ws.frames.findLast(
      (f) => (f.data as { withdrawal?: Withdrawal }).withdrawal?.id === small.id,
    );
    expect((done?.data as { withdrawal?: Withdrawal } | undefined)?.withdrawal).toMatchObject({
      amount: '30',
      status: 'completed',
      txHash: (await row(small.id))?.tx_hash,
    });
    // Reviewed: requested, then approved by an operator; another rejected.
    const reviewed = await withdraw(u.token, freshAddress(), '1500');
    const rejected = await withdraw(u.token, freshAddress(), '1600');
    expect(
      (await s.api('/api/admin/funding/withdrawals/approve', { id: reviewed.id }, { token: reviewer })).body
        .code,
    ).toBe(200);
    expect(
      (
        await s.api(
          '/api/admin/funding/withdrawals/reject',
          { id: rejected.id, reason: 'address on a blocklist' },
          { token: reviewer },
        )
      ).body.code,
    ).toBe(200);
    await round();
    await confirmed();
    expect(await toldUntil(ws, reviewed.id, 'completed')).toEqual([
      'reviewing',
      'approved',
      'sent',
      'completed',
    ]);
    expect(await toldUntil(ws, rejected.id, 'rejected')).toEqual(['reviewing', 'rejected']);
    ws.close();
  });

  it('a large one is sent only once two different operators approved it', async () => {
    const u = await verifiedUser(s, '12000');
    const to = freshAddress();
    const w = await withdraw(u.token, to, '11000');
    await round();
    expect((await row(w.id))?.status).toBe('reviewing');
    const approve = (token: string) =>
      s.api('/api/admin/funding/withdrawals/approve', { id: w.id }, { token });
    expect((await approve(reviewer)).body.code).toBe(200);
    await round();
    expect((await row(w.id))?.status).toBe('reviewing');
    expect(await dev.usdtBalance(to)).toBe(0n);
    expect((await approve(await operatorOf(s, 'admin'))).body.code).toBe(200);
    await round();
    await confirmed();
    expect((await row(w.id))?.status).toBe('completed');
    expect(await dev.usdtBalance(to)).toBe(usdt(10_999));
  });

  it('waits as waiting_funds, funds still frozen, while the hot wallet cannot cover it; sent once funded', async () => {
    const c = chain();
    const hot = dev.hotWallet;
    const float = await dev.usdtBalance(hot.address);
    // Move the float away, leaving 50 USDT.
    await dev.transferUsdt(hot.key, dev.deployer.address, ((float - usdt(50)) / 1_000_000n).toString());
    const u = await verifiedUser(s, '500');
    const to = freshAddress();
    const w = await withdraw(u.token, to, '200');
    await round();
    expect((await row(w.id))?.status).toBe('waiting_funds');
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '300', frozen: '200' });
    const listed = await s.api<{ items: { id: string; status: string }[] }>(
      '/api/admin/funding/withdrawals?status=waiting_funds',
      undefined,
      { token: reviewer },
    );
    expect(listed.body.data.items.map((x) => x.id)).toContain(w.id);
    // The back office's chain status shows it waiting, with what it needs.
    const status = await s.api<ChainStatuses>('/api/admin/funding/chain-status', undefined, {
      token: reviewer,
    });
    expect(status.body.data.items.find((c) => c.chainId === dev.chainId)?.waitingWithdrawals).toEqual({
      count: 1,
      amount: '199',
    });
    await round();
    expect((await row(w.id))?.status).toBe('waiting_funds');

    await dev.transferUsdt(dev.deployer.key, c.account.address, '1000000');
    await round();
    expect((await row(w.id))?.status).toBe('sent');
    await confirmed();
    expect((await row(w.id))?.status).toBe('completed');
    expect(await failureOf(u.token, w.id)).toBeNull();
    expect(await dev.usdtBalance(to)).toBe(usdt(199));
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '300', frozen: '0' });
  });

  it('two withdrawals sent at once get distinct nonces and both confirm', async () => {
    const u = await verifiedUser(s, '100');
    const [a, b] = [freshAddress(), freshAddress()];
    const first = await withdraw(u.token, a, '20');
    const second = await withdraw(u.token, b, '30');
    await Promise.all([round(), round(), round()]);
    const [r1, r2] = [await row(first.id), await row(second.id)];
    expect(r1?.status).toBe('sent');
    expect(r2?.status).toBe('sent');
    expect(r1?.nonce).not.toBe(r2?.nonce);
    await confirmed();
    expect((await row(first.id))?.status).toBe('completed');
    expect((await row(second.id))?.status).toBe('completed');
    expect(await dev.usdtBalance(a)).toBe(usdt(19));
    expect(await dev.usdtBalance(b)).toBe(usdt(29));
  });

  it('a transaction the chain reverts fails the withdrawal and unfreezes its funds once', async () => {
    const u = await verifiedUser(s, '100');
    // The token refuses transfers to the zero address: mined, reverted.
    const w = await withdraw(u.token, `0x${'0'.repeat(40)}`, '40');
    await round();
    expect((await row(w.id))?.tx_hash).toMatch(/^0x/);
    await confirmed();
    expect((await row(w.id))?.status).toBe('failed');
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '100', frozen: '0' });
    await confirmed();
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '100', frozen: '0' });
    expect((await noticesOf(s, u.user.id)).filter((n) => n.kind === 'withdrawal.failed')).toHaveLength(1);
    // The reason is kept: the kind the app translates, and the token's own revert reason.
    const failure = await failureOf(u.token, w.id);
    expect(failure?.kind).toBe('reverted');
    expect(failure?.detail).toContain('Token: transfer to the zero address');
  });
  it('a transaction the node lost is broadcast again as signed; one whose nonce went elsewhere fails once', async () => {
    const u = await verifiedUser(s, '200');
    // Lost: the block with it is undone (the node's revert), its nonce still free: sent again, same hash.
    const before = await dev.snapshot();
    const lost = await withdraw(u.token, freshAddress(), '30');
    await round();
    const signed = await row(lost.id);
    expect(signed?.status).toBe('sent');
    await dev.revert(before);
    expect(await receiptCount(signed?.tx_hash)).toBe(0);
    await round();
    await confirmed();
    expect(await row(lost.id)).toMatchObject({
      status: 'completed',
      tx_hash: signed?.tx_hash,
      nonce: signed?.nonce,
    });

    // Dropped: undone again, and the hot wallet's nonce is then used by another transaction.
    const again = await dev.snapshot();
    const dropped = await withdraw(u.token, freshAddress(), '40');
    await round();
    expect((await row(dropped.id))?.status).toBe('sent');
    // The background's rounds (every 3 s) would send the dropped transaction again the moment the
    // node forgets it, as they should: with automining off, a copy they send waits in the pool, and
    // the other transaction, on the same nonce at twice the gas price, replaces it.
    const nonce = Number((await row(dropped.id))?.nonce);
    await dev.automine(false);
    await dev.revert(again);
    const gasPrice = 2n * (await dev.client.getGasPrice());
    const other = await dev.sendUsdt(dev.hotWallet.key, dev.deployer.address, '1', { nonce, gasPrice });
    await dev.mine(1);
    await dev.automine(true);
    expect(await receiptCount(other)).toBe(1);
    await round();
    expect((await row(dropped.id))?.status).toBe('failed');
    expect(await failureOf(u.token, dropped.id)).toEqual({
      kind: 'dropped',
      detail: expect.stringContaining('used on chain by another transaction'),
    });
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '170', frozen: '0' });
    await confirmed();
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '170', frozen: '0' });
  });
});
