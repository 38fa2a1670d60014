import { describe, expect, it } from 'vitest';
import { detectWallet } from './walletDetect.ts';

describe('detectWallet', () => {
  it('gives up after 3 checks 100 ms apart when no provider appears', async () => {
    const waits: number[] = [];
    const found = await detectWallet({}, async (ms) => void waits.push(ms));
    expect(found).toBe(false);
    expect(waits).toEqual([100, 100]);
  });

  it('finds a provider that is there at once, without waiting', async () => {
    const waits: number[] = [];
    expect(await detectWallet({ ethereum: {} }, async (ms) => void waits.push(ms))).toBe(true);
    expect(waits).toEqual([]);
  });

  it('finds a provider injected between checks', async () => {
    const target: { ethereum?: unknown } = {};
    const found = await detectWallet(target, async () => {
      target.ethereum = { isMetaMask: true };
    });
    expect(found).toBe(true);
  });
});
