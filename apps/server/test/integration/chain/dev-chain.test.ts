import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDevChain } from '../../../src/platform/chain/index.ts';
import { connectDevChain, startDevChain } from './dev-chain.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-chain-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm start's dev chain", () => {
  it('keeps its token, balances and blocks across a restart, deploying the token once', async () => {
    const first = await startEmbeddedDevChain(dataDir);
    const chain = connectDevChain(first);
    const holder = chain.accounts[5]?.address as `0x${string}`;
    await chain.transferUsdt(chain.deployer.key, holder, '42');
    const height = await chain.client.getBlockNumber();
    await first.stop();

    const second = await startEmbeddedDevChain(dataDir);
    try {
      expect(second.usdt).toBe(first.usdt);
      const again = connectDevChain(second);
      expect(await again.usdtBalance(holder)).toBe(42_000_000n);
      expect(await again.client.getBlockNumber()).toBeGreaterThanOrEqual(height);
    } finally {
      await second.stop();
    }
  }, 60_000);
});

describe('the test dev chain', () => {
  it('mines on demand and reverts to a snapshot (a reorg as a watcher sees it)', async () => {
    const dev = await startDevChain();
    try {
      const to = dev.accounts[3]?.address as `0x${string}`;
      const start = await dev.client.getBlockNumber();
      await dev.mine(5);
      expect(await dev.client.getBlockNumber()).toBe(start + 5n);
      const id = await dev.snapshot();
      const receipt = await dev.transferUsdt(dev.deployer.key, to, '7');
      expect(receipt.blockNumber).toBe(start + 6n);
      expect(await dev.usdtBalance(to)).toBe(7_000_000n);
      await dev.revert(id);
      expect(await dev.usdtBalance(to)).toBe(0n);
      expect(await dev.client.getBlockNumber()).toBe(start + 5n);
    } finally {
      await dev.stop();
    }
  });
});
