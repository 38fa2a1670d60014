import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { devAccountKey, devDepositXprv, devXpub } from '../../../src/platform/chain/dev-keys.ts';

// The first accounts anvil (and Hardhat) print for the dev mnemonic, with account 0's private key.
const ANVIL_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
];

describe("the dev chain's keys", () => {
  it("are anvil's accounts, each its own (the root key is derived once and shared)", () => {
    expect(devAccountKey(0)).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    expect(ANVIL_ACCOUNTS.map((_, i) => privateKeyToAccount(devAccountKey(i)).address)).toEqual(
      ANVIL_ACCOUNTS,
    );
  });

  it('the deposit parent is the private half of the deposit xpub', () => {
    expect(devDepositXprv().publicExtendedKey).toBe(devXpub().publicExtendedKey);
  });
});
