import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { createChain, deployToken, devAccountKey, devXpub } from '../../../src/platform/chain/index.ts';
import { startServer, type TestServer } from '../support/harness.ts';
import { type DevChain, onDevChain, startDevChain } from './dev-chain.ts';

let dev: DevChain;
let s: TestServer;

beforeAll(async () => {
  dev = await startDevChain();
  s = await startServer('pglite', onDevChain(dev));
});
afterAll(async () => {
  await s?.close();
  await dev?.stop();
});

describe('ctx.chain on the dev chain', () => {
  it('enables the dev chain with its USDT, its 6 decimals read on chain, and its confirmations', () => {
    expect(s.ctx.chain.chains()).toEqual([
      { chainId: 31337, name: 'Local dev chain', usdt: dev.usdt, decimals: 6, confirmations: 2 },
    ]);
    expect(s.ctx.chain.info(1)).toBeUndefined();
    expect(() => s.ctx.chain.client(56)).toThrow(/not enabled/);
  });

  it('gives each user a deposit address of their own, which receives USDT on the chain', async () => {
    const a = s.ctx.chain.depositAddress(dev.chainId, '10000001');
    const b = s.ctx.chain.depositAddress(dev.chainId, '10000002');
    expect(a).not.toBe(b);
    await dev.transferUsdt(dev.deployer.key, a, '25.5');
    expect(await dev.usdtBalance(a)).toBe(25_500_000n);
    expect(await dev.usdtBalance(b)).toBe(0n);
  });

  it("signs with the hot wallet (dev account 1), whose USDT the server's client reads", async () => {
    const hot = s.ctx.chain.hotWallet(dev.chainId);
    expect(hot.address).toBe(dev.hotWallet.address);
    expect(await dev.usdtBalance(hot.address)).toBe(1_000_000_000_000n);
    const client = s.ctx.chain.client(dev.chainId);
    expect(await client.getChainId()).toBe(31337);
  });

  it('reads the chain height as it is, right after new blocks (no cached block number)', async () => {
    const client = s.ctx.chain.client(dev.chainId);
    const before = await client.getBlockNumber();
    await dev.mine(3);
    expect(await client.getBlockNumber()).toBe(before + 3n);
  });
});

describe('createChain', () => {
  const base = { ...loadConfig({}) };

  it("reads an 18-decimals token's decimals on chain (as BSC's USDT), never assuming 6", async () => {
    const bscLike = await deployToken(dev.rpcUrl, devAccountKey(0), {
      name: 'Tether USD (18)',
      symbol: 'USDT',
      decimals: 18,
      supply: '1000',
    });
    const chain = await createChain({ ...base, ...onDevChain({ rpcUrl: dev.rpcUrl, usdt: bscLike }) });
    expect(chain.info(31337)?.decimals).toBe(18);
  });

  it('takes confirmations per chain from config', async () => {
    const chain = await createChain({ ...base, ...onDevChain(dev), chainConfirmations: { 31337: 7 } });
    expect(chain.info(31337)?.confirmations).toBe(7);
  });

  it('refuses a real chain without a hot wallet key or a deposit xpub (the dev keys are public)', async () => {
    await expect(createChain({ ...base, chainRpc: { 1: dev.rpcUrl } })).rejects.toThrow(
      /HOT_WALLET_KEY is required/,
    );
    await expect(
      createChain({ ...base, chainRpc: { 1: dev.rpcUrl }, hotWalletKey: devAccountKey(5) }),
    ).rejects.toThrow(/DEPOSIT_XPUB is required/);
  });

  it('refuses an RPC URL that serves another chain than the one it is configured for', async () => {
    const xpub = devXpub();
    await expect(
      createChain({
        ...base,
        chainRpc: { 56: dev.rpcUrl },
        hotWalletKey: devAccountKey(5),
        depositXpub: xpub.publicExtendedKey,
      }),
    ).rejects.toThrow(/serves chain 31337/);
  });

  it('refuses the dev chain in production: its USDT is play money', async () => {
    await expect(createChain({ ...base, ...onDevChain(dev), production: true })).rejects.toThrow(
      /NODE_ENV=production/,
    );
  });

  it('enables nothing when no chain is configured', async () => {
    expect((await createChain(base)).chains()).toEqual([]);
  });
});
