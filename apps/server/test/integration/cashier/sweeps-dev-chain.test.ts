import type { ChainStatus, ChainStatuses } from '@otc/protocol/cashier/chain/schemas';
import type { DepositAddress } from '@otc/protocol/cashier/deposit/schemas';
import { type Address, createTestClient, type Hex, http, keccak256, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../../src/areas.ts';
import { holdsSweepKeys, SWEEP_EVERY_MS, sweepJobs } from '../../../src/cashier/sweep/jobs.ts';
import { devGasKey } from '../../../src/platform/chain/index.ts';
import { Jobs } from '../../../src/platform/jobs/jobs.ts';
import { type DevChain, onDevChain, startDevChain } from '../chain/dev-chain.ts';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { usdtOf } from './withdraw-fixtures.ts';

/** USDT in the dev token's units (6 decimals). */
const usdt = (amount: string) => BigInt(Math.round(Number(amount) * 1_000_000));

interface SweepRow {
  id: string;
  status: string;
  reason: string | null;
  detail: string | null;
  amount: string | null;
  gas_tx_hash: string | null;
  sweep_tx_hash: string | null;
  gas_wei: string | null;
  fee_wei: string;
}

/**
 * Sweeps on the local dev chain (anvil, one block per transaction): a credited deposit's USDT moved
 * from its address to the hot wallet by the `funding.sweep` job, the gas topped up from the gas
 * account first; exact balances on chain, once across a restart, and a skipped sweep recorded with
 * its reason and shown in the back office.
 */
describe.each(DATABASES)('sweeps on the dev chain, on %s', (kind) => {
  let dev: DevChain;
  let s: TestServer;
  let admin: string;
  const gasAccount = privateKeyToAccount(devGasKey()).address;
  beforeAll(async () => {
    dev = await startDevChain();
    s = await startServer(kind, { ...onDevChain(dev), clock: 'manual' });
    await s.jobs.schedule();
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    await dev.transferUsdt(dev.deployer.key, dev.accounts[2]?.address as Address, '100000');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await dev?.stop();
  });

  const anvil = () => createTestClient({ chain: foundry, mode: 'anvil', transport: http(dev.rpcUrl) });
  /**
   * The due jobs run once, the clock moved a sweep period on, or to where the jobs are due (a
   * restart starts a new clock); the watcher runs too.
   */
  const pass = async () => {
    const clock = manualClock(s);
    const due = await s.db.query<{ run_at: Date }>(
      `SELECT run_at FROM jobs WHERE name IN ('funding.sweep', 'funding.deposit-watch')`,
    );
    clock.set(Math.max(clock.now() + SWEEP_EVERY_MS, ...due.map((j) => new Date(j.run_at).getTime())));
    await s.jobs.runDue();
    const [job] = await s.db.query<{ last_result: string; last_error: string | null }>(
      `SELECT last_result, last_error FROM jobs WHERE name = 'funding.sweep'`,
    );
    expect(job, JSON.stringify(job)).toMatchObject({ last_result: 'ok', last_error: null });
  };
  const sweepsOf = (address: string) =>
    s.db.query<SweepRow>(
      `SELECT id::text AS id, status, reason, detail, trim_scale(amount)::text AS amount, gas_tx_hash, sweep_tx_hash,
              gas_wei::text AS gas_wei, fee_wei::text AS fee_wei
         FROM deposit_sweeps WHERE address = $1 ORDER BY id`,
      [address.toLowerCase()],
    );
  /** A user with a credited deposit of `amount` on their address. */
  const credited = async (amount: string) => {
    const u = await registerUser(s);
    const res = await s.api<DepositAddress>(
      '/api/funding/deposit/address',
      { chainId: dev.chainId },
      { token: u.token },
    );
    const address = res.body.data.address as Address;
    await creditMore(address, amount);
    expect(await usdtOf(s, u.user.id)).toEqual({ available: amount, frozen: '0' });
    return { ...u, address };
  };
  const creditMore = async (address: Address, amount: string) => {
    await pass();
    await dev.transferUsdt(dev.accounts[2]?.key as `0x${string}`, address, amount);
    await dev.mine(s.ctx.chain.info(dev.chainId)?.confirmations ?? 2);
    await pass();
  };
  /** Passes until the address's newest sweep is swept (a top-up, its transfer, its receipt: a pass each). */
  const sweptAfterPasses = async (address: Address, sweeps = 1) => {
    for (let i = 0; i < 6; i++) {
      const rows = await sweepsOf(address);
      if (rows.length >= sweeps && rows.at(-1)?.status === 'swept') return rows;
      await pass();
    }
    return sweepsOf(address);
  };
  const status = async (): Promise<ChainStatus> => {
    const res = await s.api<ChainStatuses>('/api/admin/funding/chain-status', undefined, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const chain = res.body.data.items.find((c) => c.chainId === dev.chainId);
    if (!chain) throw new Error('the dev chain is not in the status');
    return chain;
  };

  it('tops the address up from the gas account, then moves its exact USDT to the hot wallet; the user keeps the credit', async () => {
    const hotBefore = await dev.usdtBalance(dev.hotWallet.address);
    const gasBefore = await dev.client.getBalance({ address: gasAccount });
    const u = await credited('25.5');
    const [done] = await sweptAfterPasses(u.address);
    expect(done).toMatchObject({ status: 'swept', amount: '25.5', reason: null });
    // The deposit address held no native coin: the gas account sent it the transfer's gas first.
    expect(done?.gas_tx_hash).toMatch(/^0x/);
    expect(done?.sweep_tx_hash).toMatch(/^0x/);
    expect(await dev.usdtBalance(u.address)).toBe(0n);
    expect(await dev.usdtBalance(dev.hotWallet.address)).toBe(hotBefore + usdt('25.5'));
    // The gas account paid the top-up and its own fee; the fees paid are recorded as the platform's cost.
    const gasAfter = await dev.client.getBalance({ address: gasAccount });
    const topUp = BigInt(done?.gas_wei ?? '0');
    expect(topUp).toBeGreaterThan(0n);
    expect(BigInt(done?.fee_wei ?? '0')).toBeGreaterThan(0n);
    expect(gasBefore - gasAfter).toBeGreaterThan(topUp);
    // A sweep moves no user money: the credit stands as it was.
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '25.5', frozen: '0' });
    const shown = await status();
    expect(shown.sweeps.items.find((x) => x.address === u.address.toLowerCase())).toMatchObject({
      status: 'swept',
      amount: '25.5',
      sweepTxHash: done?.sweep_tx_hash,
    });
    expect(shown.hotWallet.address).toBe(dev.hotWallet.address);
    expect(shown.hotWallet.usdt).not.toBeNull();
    expect(shown.gasAccount).toMatchObject({ address: gasAccount, underfunded: false });
  });

  it('does not sweep twice across a restart; a later deposit is swept once, exactly its amount', async () => {
    const u = await credited('40');
    await sweptAfterPasses(u.address);
    expect((await sweepsOf(u.address)).map((r) => r.status)).toEqual(['swept']);
    const hot = await dev.usdtBalance(dev.hotWallet.address);
    s = await s.restart();
    await s.jobs.schedule();
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    for (let i = 0; i < 3; i++) await pass();
    expect((await sweepsOf(u.address)).map((r) => r.status)).toEqual(['swept']);
    expect(await dev.usdtBalance(dev.hotWallet.address)).toBe(hot);

    await creditMore(u.address, '12.25');
    const rows = await sweptAfterPasses(u.address, 2);
    expect(rows.map((r) => [r.status, r.amount])).toEqual([
      ['swept', '40'],
      ['swept', '12.25'],
    ]);
    expect(await dev.usdtBalance(u.address)).toBe(0n);
    expect(await dev.usdtBalance(dev.hotWallet.address)).toBe(hot + usdt('12.25'));
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '52.25', frozen: '0' });
  });

  it('a sweep cut off after its commit, before or after its broadcast, goes out once: the same signed transaction', async () => {
    const hot = await dev.usdtBalance(dev.hotWallet.address);
    const client = s.ctx.chain.client(dev.chainId);
    const original = client.sendRawTransaction;
    /**
     * The process dies at its broadcast of `address`'s transfer: before it reaches the node, or
     * right after. The pass had committed; the hash of what it was sending is kept.
     */
    const cutOff = async (address: Address, when: 'before' | 'after') => {
      let cut: Hex | undefined;
      client.sendRawTransaction = async (args) => {
        // The pass has committed: the transfer being sent is the one its sweep row holds.
        const hash = keccak256(args.serializedTransaction);
        const [row] = await sweepsOf(address);
        if (cut || row?.sweep_tx_hash !== hash) return original(args);
        cut = hash;
        if (when === 'after') await original(args);
        throw new Error('the process died here');
      };
      try {
        for (let i = 0; i < 4 && !cut; i++) await pass();
      } finally {
        client.sendRawTransaction = original;
      }
      if (!cut) throw new Error(`no transfer from ${address} was broadcast`);
      return cut;
    };
    const nonceOf = (address: Address) => dev.client.getTransactionCount({ address, blockTag: 'latest' });

    const a = await credited('15');
    const aHash = await cutOff(a.address, 'before');
    // Stored with the pass, never on the chain: the address still holds its USDT and sent nothing.
    expect(await sweepsOf(a.address)).toMatchObject([{ status: 'pending', sweep_tx_hash: aHash }]);
    expect(await nonceOf(a.address)).toBe(0);
    expect(await dev.usdtBalance(a.address)).toBe(usdt('15'));

    const b = await credited('16.5');
    const bHash = await cutOff(b.address, 'after');
    expect(await sweepsOf(b.address)).toMatchObject([{ status: 'pending', sweep_tx_hash: bHash }]);
    expect(await nonceOf(b.address)).toBe(1);

    // A new process: it broadcasts a's stored transaction again (not a new one) and follows b's.
    s = await s.restart();
    await s.jobs.schedule();
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    const [aDone] = await sweptAfterPasses(a.address);
    const [bDone] = await sweptAfterPasses(b.address);
    expect(aDone).toMatchObject({ status: 'swept', amount: '15', sweep_tx_hash: aHash });
    expect(bDone).toMatchObject({ status: 'swept', amount: '16.5', sweep_tx_hash: bHash });
    expect((await sweepsOf(a.address)).length).toBe(1);
    expect((await sweepsOf(b.address)).length).toBe(1);
    // One transaction from each address, mined: the chain's nonces and balances say nothing went twice.
    expect(await nonceOf(a.address)).toBe(1);
    expect(await nonceOf(b.address)).toBe(1);
    expect((await dev.client.getTransactionReceipt({ hash: aHash })).status).toBe('success');
    expect(await dev.usdtBalance(a.address)).toBe(0n);
    expect(await dev.usdtBalance(b.address)).toBe(0n);
    expect(await dev.usdtBalance(dev.hotWallet.address)).toBe(hot + usdt('15') + usdt('16.5'));
    for (let i = 0; i < 2; i++) await pass();
    expect(await nonceOf(a.address)).toBe(1);
    expect(await usdtOf(s, a.user.id)).toEqual({ available: '15', frozen: '0' });
    expect(await checkLedger(s.db)).toEqual([]);
  });

  it('a pass whose transaction fails after signing broadcasts nothing; the next signs again and sends once', async () => {
    const hot = await dev.usdtBalance(dev.hotWallet.address);
    const u = await credited('14');
    // Its top-up went out with the crediting pass: the transfer is the next pass's.
    expect(await sweepsOf(u.address)).toMatchObject([{ status: 'gas_sent', sweep_tx_hash: null }]);
    const [sweep] = sweepJobs(s.ctx);
    if (!sweep) throw new Error('no sweep job');
    const clock = manualClock(s);
    const failing = new Jobs(s.db, clock, s.ctx.log);
    failing.define([
      {
        ...sweep,
        run: async (q, job, prepared) => {
          await sweep.run(q, job, prepared);
          throw new Error('the commit failed');
        },
      },
    ]);
    const [due] = await s.db.query<{ run_at: Date }>(`SELECT run_at FROM jobs WHERE name = 'funding.sweep'`);
    clock.set(Math.max(clock.now(), new Date(due?.run_at ?? 0).getTime()));
    expect(await failing.runDue()).toBe(1);
    const [job] = await s.db.query<{ last_error: string }>(
      `SELECT last_error FROM jobs WHERE name = 'funding.sweep'`,
    );
    expect(job?.last_error).toBe('the commit failed');
    // The transfer it signed was neither kept nor sent.
    expect(await sweepsOf(u.address)).toMatchObject([{ status: 'gas_sent', sweep_tx_hash: null }]);
    expect(await dev.client.getTransactionCount({ address: u.address })).toBe(0);
    expect(await dev.usdtBalance(u.address)).toBe(usdt('14'));

    const rows = await sweptAfterPasses(u.address);
    expect(rows).toMatchObject([{ status: 'swept', amount: '14' }]);
    expect(await dev.client.getTransactionCount({ address: u.address })).toBe(1);
    expect(await dev.usdtBalance(u.address)).toBe(0n);
    expect(await dev.usdtBalance(dev.hotWallet.address)).toBe(hot + usdt('14'));
  });

  it('an underfunded gas account skips the sweep with its reason, shown in the back office; swept once funded', async () => {
    const funded = await dev.client.getBalance({ address: gasAccount });
    await anvil().setBalance({ address: gasAccount, value: 1_000n });
    const u = await credited('30');
    const [skipped] = await sweepsOf(u.address);
    expect(skipped).toMatchObject({ status: 'skipped', reason: 'gas_underfunded', amount: '30' });
    expect(skipped?.detail).toContain(gasAccount);
    await pass();
    expect((await sweepsOf(u.address)).map((r) => [r.status, r.reason])).toEqual([
      ['skipped', 'gas_underfunded'],
    ]);
    expect(await dev.usdtBalance(u.address)).toBe(usdt('30'));

    const shown = await status();
    expect(shown.gasAccount).toMatchObject({
      address: gasAccount,
      native: '0.000000000000001',
      underfunded: true,
    });
    expect(shown.sweeps.open).toBeGreaterThanOrEqual(1);
    expect(shown.sweeps.items[0]).toMatchObject({
      address: u.address.toLowerCase(),
      status: 'skipped',
      reason: 'gas_underfunded',
      amount: '30',
    });
    const [audited] = await s.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action = 'funding.chain-status' ORDER BY id DESC LIMIT 1`,
    );
    expect(audited?.action).toBe('funding.chain-status');

    await anvil().setBalance({
      address: gasAccount,
      value: funded > parseEther('1') ? funded : parseEther('10'),
    });
    await sweptAfterPasses(u.address);
    expect((await sweepsOf(u.address)).map((r) => [r.status, r.reason])).toEqual([['swept', null]]);
    expect(await dev.usdtBalance(u.address)).toBe(0n);
    expect((await status()).gasAccount?.underfunded).toBe(false);
  });

  it('a process whose role does not run jobs holds no sweep keys', async () => {
    expect(s.ctx.chain.sweepSigner(dev.chainId)?.gas.address).toBe(gasAccount);
    const api = await startServer(kind, { ...onDevChain(dev), role: 'api' }, undefined, s);
    try {
      expect(api.ctx.chain.sweepSigner(dev.chainId)).toBeUndefined();
      // Nor does it declare the sweep job, so it never claims a run it could not do.
      expect(holdsSweepKeys(api.ctx)).toBe(false);
      expect(holdsSweepKeys(s.ctx)).toBe(true);
    } finally {
      await api.close();
    }
  });

  it('a node that fails records the sweep as skipped with its words, and the back office says the chain is unreadable', async () => {
    await anvil().setBalance({ address: gasAccount, value: 1_000n });
    const u = await credited('20');
    expect((await sweepsOf(u.address)).map((r) => r.reason)).toEqual(['gas_underfunded']);
    // The node goes away (its process ended): the pass records why, nothing else changes.
    await dev.stop();
    await pass();
    const [row] = await sweepsOf(u.address);
    expect(row).toMatchObject({ status: 'skipped', reason: 'rpc' });
    expect(row?.detail).toBeTruthy();
    const shown = await status();
    expect(shown.error).toBeTruthy();
    expect(shown.hotWallet.usdt).toBeNull();
    expect(shown.sweeps.items[0]).toMatchObject({ address: u.address.toLowerCase(), reason: 'rpc' });
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '20', frozen: '0' });
  });
});
