import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import {
  depositAddressFrom,
  devDepositXprv,
  devGasKey,
  devXpub,
  sweepSignerFrom,
} from '../../../src/platform/chain/index.ts';
import { parseXprv, refuseSweepKeysOnApi } from '../../../src/platform/chain/sweep-signer.ts';

describe('the sweep signer', () => {
  it('holds the key of each deposit address the API derived from the xpub alone', () => {
    const signer = sweepSignerFrom(devDepositXprv(), devGasKey(), devXpub());
    for (const userId of ['10000001', '10000002', '123456789'])
      expect(signer.depositAccount(userId).address).toBe(depositAddressFrom(devXpub(), userId));
    // The gas account is none of the deposit addresses.
    expect(signer.gas.address).not.toBe(depositAddressFrom(devXpub(), '0'));
  });

  it('refuses an xprv that is not the private half of DEPOSIT_XPUB, and an xpub given as SWEEP_XPRV', () => {
    const other = HDKey.fromMasterSeed(
      mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow'),
    );
    expect(() => sweepSignerFrom(other, devGasKey(), devXpub())).toThrow(/private half of DEPOSIT_XPUB/);
    expect(() => parseXprv(devXpub().publicExtendedKey)).toThrow(/extended private key/);
    expect(parseXprv(devDepositXprv().privateExtendedKey).publicExtendedKey).toBe(
      devXpub().publicExtendedKey,
    );
  });

  it('is refused in a process that does not run jobs: the API never holds the keys', () => {
    const keys = { SWEEP_XPRV: devDepositXprv().privateExtendedKey, GAS_KEY: devGasKey() };
    expect(() => refuseSweepKeysOnApi(loadConfig({ ...keys, ROLE: 'api' }))).toThrow(/worker/);
    const xpub = { DEPOSIT_XPUB: devXpub().publicExtendedKey };
    expect(() => refuseSweepKeysOnApi(loadConfig({ ...keys, ...xpub, ROLE: 'worker' }))).not.toThrow();
    expect(() => refuseSweepKeysOnApi(loadConfig({ GAS_KEY: devGasKey(), ...xpub }))).toThrow(/go together/);
    expect(() => refuseSweepKeysOnApi(loadConfig(keys))).toThrow(/DEPOSIT_XPUB/);
    expect(loadConfig({ SWEEP_DUST: '2.5', SWEEP_MAX_GAS_GWEI: '50' })).toMatchObject({
      sweepDust: '2.5',
      sweepMaxGasGwei: '50',
    });
  });
});
