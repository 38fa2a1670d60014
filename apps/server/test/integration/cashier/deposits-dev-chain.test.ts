import type {
  AdminDepositList,
  DepositAddress,
  DepositList,
  DepositRecord,
  WatcherStates,
} from '@otc/protocol/cashier/deposit/schemas';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_WATCH_EVERY_MS } from '../../../src/cashier/deposit/jobs.ts';
import { type DevChain, onDevChain, startDevChain } from '../chain/dev-chain.ts';
import { noticesOf } from '../kyc/notices.ts';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';

/**
 * Chain deposits end to end on the local dev chain (anvil, one block per transaction, the dev USDT
 * with 6 decimals): the user's address from the app's call, a real USDT transfer to it, the watcher
 * as the job runs it. The rules' corner cases are also in deposit-watcher.test.ts on a chain in memory.
 */
describe('chain deposits on the dev chain', () => {
  let dev: DevChain;
  let s: TestServer;
  beforeAll(async () => {
    dev = await startDevChain();
    s = await startServer('pglite', { ...onDevChain(dev), clock: 'manual' });
    await s.jobs.schedule();
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await dev?.stop();
  });

  const sender = () => dev.accounts[2] as DevChain['accounts'][number];
  /** One run of the watcher job: the clock moved to its next run (a restart starts a new clock). */
  const watch = async () => {
    const [job] = await s.db.query<{ run_at: Date; last_error: string | null }>(
      `SELECT run_at, last_error FROM jobs WHERE name = 'funding.deposit-watch'`,
    );
    const clock = manualClock(s);
    clock.set(Math.max(clock.now() + DEPOSIT_WATCH_EVERY_MS, new Date(job?.run_at ?? 0).getTime()));
    expect(await s.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const [after] = await s.db.query<{ last_result: string; last_error: string | null }>(
      `SELECT last_result, last_error FROM jobs WHERE name = 'funding.deposit-watch'`,
    );
    expect(after, JSON.stringify(after)).toMatchObject({ last_result: 'ok' });
    const [cursor] = await s.db.query<{ error: string | null }>(
      'SELECT error FROM deposit_cursors WHERE chain_id = $1',
      [dev.chainId],
    );
    expect(cursor?.error ?? null).toBeNull();
  };
  const confirmations = () => s.ctx.chain.info(dev.chainId)?.confirmations ?? 1;
  const usdt = async (token: string) => {
    const o = (await s.api<AssetsOverview>('/api/assets/overview', {}, { token })).body.data;
    return (
      o.accounts.find((a) => a.kind === 'funding')?.balances.find((b) => b.asset === 'USDT')?.available ?? '0'
    );
  };
  const records = async (token: string) =>
    (await s.api<DepositList>('/api/funding/deposit/list', {}, { token })).body.data.items;
  const newDepositor = async () => {
    const u = await registerUser(s);
    const res = await s.api<DepositAddress>(
      '/api/funding/deposit/address',
      { chainId: dev.chainId },
      { token: u.token },
    );
    expect(res.status).toBe(200);
    return { ...u, address: res.body.data.address as Address, info: res.body.data };
  };
  const fund = async (amount: string) => {
    await dev.transferUsdt(dev.deployer.key, sender().address, amount);
  };

  beforeAll(async () => {
    await fund('100000');
  });

  it('gives the user their address, and credits a transfer to it once after the confirmations', async () => {
    const u = await newDepositor();
    expect(u.info).toMatchObject({ coin: 'USDT', chainId: dev.chainId, minimum: '10' });
    expect(u.address.toLowerCase()).toBe(s.ctx.chain.depositAddress(dev.chainId, u.user.id).toLowerCase());
    await watch();
    await dev.transferUsdt(sender().key, u.address, '25.5');
    await watch();
    expect(await records(u.token)).toMatchObject([{ status: 'pending', amount: '25.5', confirmations: 1 }]);
    expect(await usdt(u.token)).toBe('0');
    await dev.mine(confirmations() - 1);
    await watch();
    expect(await records(u.token)).toMatchObject([{ status: 'credited', amount: '25.5' }]);
    expect(await usdt(u.token)).toBe('25.5');
    expect((await noticesOf(s, u.user.id)).map((n) => n.kind)).toContain('funding.deposit.credited');
    // Later passes (and the log read again from an older cursor) credit nothing more.
    await s.db.query('UPDATE deposit_cursors SET block_number = 0, block_hash = NULL WHERE chain_id = $1', [
      dev.chainId,
    ]);
    await dev.mine(2);
    await watch();
    await watch();
    expect(await records(u.token)).toHaveLength(1);
    expect(await usdt(u.token)).toBe('25.5');
  });

  /** The user's socket, subscribed to their private channel. */
  const userSocket = async (token: string) => {
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'auth', token });
    ws.send({ op: 'subscribe', channels: ['user'] });
    await ws.waitFor((f) => f.type === 'subscribed');
    return ws;
  };
  /** The deposit events the user's socket was told, as `status:confirmations`, in order. */
  const told = (ws: TestSocket) =>
    ws.frames
      .filter((f) => f.channel === 'user')
      .map((f) => f.data as { kind: string; deposit?: DepositRecord })
      .filter((d) => d.kind === 'deposit')
      .map((d) => `${d.deposit?.amount}:${d.deposit?.status}:${d.deposit?.confirmations}`);
  const toldUntil = async (ws: TestSocket, last: string) => {
    await ws.waitFor((f) => {
      const d = (f.data as { deposit?: DepositRecord } | undefined)?.deposit;
      return f.channel === 'user' && `${d?.amount}:${d?.status}:${d?.confirmations}` === last;
    });
    return told(ws);
  };

  it("tells the user's socket each status move of a chain deposit, with the stored record (issue 23)", async () => {
    const u = await newDepositor();
    const ws = await userSocket(u.token);
    await watch();
    await dev.transferUsdt(sender().key, u.address, '25.5');
    await watch();
    const needed = confirmations();
    const expected = ['25.5:pending:1'];
    expect(await toldUntil(ws, '25.5:pending:1')).toEqual(expected);
    // Each new confirmation count is told once; a pass with no new block tells nothing.
    await watch();
    for (let c = 2; c < needed; c++) {
      await dev.mine(1);
      await watch();
      expected.push(`25.5:pending:${c}`);
    }
    await dev.mine(1);
    await watch();
    expected.push(`25.5:credited:${needed}`);
    expect(await toldUntil(ws, `25.5:credited:${needed}`)).toEqual(expected);
    const credited = ws.frames.findLast((f) => (f.data as { kind?: string } | undefined)?.kind === 'deposit');
    expect((credited?.data as { deposit?: DepositRecord } | undefined)?.deposit).toEqual(
      (await records(u.token))[0],
    );
    // The balance moved with it.
    await ws.waitFor((f) => {
      const d = f.data as { kind?: string; available?: string } | undefined;
      return d?.kind === 'balance' && d.available === '25.5';
    });
    // Under the minimum: told once as such, never credited.
    await dev.transferUsdt(sender().key, u.address, '9.99');
    await dev.mine(needed);
    await watch();
    expect(await toldUntil(ws, '9.99:below_minimum:0')).toEqual([...expected, '9.99:below_minimum:0']);
    ws.close();
  });

  it('goes on from its cursor after a restart', async () => {
    const u = await newDepositor();
    await watch();
    await dev.transferUsdt(sender().key, u.address, '11');
    await watch();
    s = await s.restart();
    await s.jobs.schedule();
    await dev.transferUsdt(sender().key, u.address, '12');
    await dev.mine(confirmations());
    await watch();
    expect((await records(u.token)).map((r) => [r.amount, r.status])).toEqual([
      ['12', 'credited'],
      ['11', 'credited'],
    ]);
    expect(await usdt(u.token)).toBe('23');
  });

  it('drops a pending deposit whose block a revert took away, and never credits it', async () => {
    const u = await newDepositor();
    await watch();
    const snapshot = await dev.snapshot();
    await dev.transferUsdt(sender().key, u.address, '40');
    await watch();
    expect(await records(u.token)).toMatchObject([{ status: 'pending' }]);
    await dev.revert(snapshot);
    await dev.mine(confirmations() + 2);
    await watch();
    expect(await records(u.token)).toMatchObject([{ status: 'dropped' }]);
    await watch();
    expect(await usdt(u.token)).toBe('0');
  });

  it('records a transfer under the minimum without crediting it', async () => {
    const u = await newDepositor();
    await watch();
    await dev.transferUsdt(sender().key, u.address, '9.99');
    await dev.mine(confirmations());
    await watch();
    expect(await records(u.token)).toMatchObject([{ status: 'below_minimum', amount: '9.99' }]);
    expect(await usdt(u.token)).toBe('0');
  });

  it('shows operators the watcher per chain (cursor, head, lag) and every deposit with its block', async () => {
    const u = await newDepositor();
    await watch();
    await dev.transferUsdt(sender().key, u.address, '15');
    await watch();
    const admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    const head = await dev.client.getBlockNumber({ cacheTime: 0 });
    const state = await s.api<WatcherStates>('/api/admin/funding/deposit-watcher', undefined, {
      token: admin,
    });
    expect(state.body.data.items).toEqual([
      expect.objectContaining({
        chainId: dev.chainId,
        cursor: head.toString(),
        head: head.toString(),
        lag: '0',
        pending: 1,
        error: null,
      }),
    ]);
    const list = await s.api<AdminDepositList>('/api/admin/funding/deposits?status=pending', undefined, {
      token: admin,
    });
    expect(list.body.data.items).toEqual([
      expect.objectContaining({
        userId: u.user.id,
        amount: '15',
        status: 'pending',
        address: u.address.toLowerCase(),
      }),
    ]);
    expect(list.body.data.items[0]?.blockNumber).toBe(head.toString());
  });
});
