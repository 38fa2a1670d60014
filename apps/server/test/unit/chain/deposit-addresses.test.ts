import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import {
  DEV_ACCOUNT_PATH,
  DEV_MNEMONIC,
  depositAddressFrom,
  devXpub,
  parseXpub,
} from '../../../src/platform/chain/index.ts';

// The addresses anvil (and Hardhat) print for the dev mnemonic's first accounts: a known vector of
// BIP-32 derivation at m/44'/60'/0'/0/i and of an address taken from the uncompressed public key.
const ANVIL_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
];

describe('deposit addresses from an extended public key', () => {
  it("derive the same addresses as the dev mnemonic's accounts, from the xpub alone", () => {
    const xpub = parseXpub(devXpub().publicExtendedKey);
    expect(xpub.privateKey).toBeNull();
    ANVIL_ACCOUNTS.forEach((address, index) => {
      expect(depositAddressFrom(xpub, String(index))).toBe(address);
    });
  });

  it('give two users two different addresses, the same one each time', () => {
    const xpub = devXpub();
    const a = depositAddressFrom(xpub, '10000001');
    const b = depositAddressFrom(xpub, '10000002');
    expect(a).not.toBe(b);
    expect(depositAddressFrom(xpub, '10000001')).toBe(a);
    expect(a).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('refuse an extended private key: the server holds no deposit key', () => {
    const master = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC)).derive(DEV_ACCOUNT_PATH);
    expect(() => parseXpub(master.privateExtendedKey)).toThrow(/extended public key/);
  });

  it('refuse a user id that is not a non-hardened child index', () => {
    const xpub = devXpub();
    expect(() => depositAddressFrom(xpub, 'abc')).toThrow(/numeric user id/);
    expect(() => depositAddressFrom(xpub, String(2 ** 31))).toThrow(/non-hardened/);
  });
});
