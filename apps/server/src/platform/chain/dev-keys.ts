import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import type { Hex } from 'viem';

/**
 * The dev chain's well-known keys: anvil's (and Hardhat's) default mnemonic. Public knowledge, so
 * they are used for the local dev chain only, never for a real chain (service.ts refuses that).
 * Account 0 deploys the dev USDT and holds its supply; account 1 is the hot wallet; the rest are
 * funded wallets for tests and a person trying the app with a browser wallet.
 */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
/** BIP-44 Ethereum account path of the dev accounts; deposit addresses derive from the same xpub. */
export const DEV_ACCOUNT_PATH = "m/44'/60'/0'/0";
export const DEV_DEPLOYER_INDEX = 0;
export const DEV_HOT_WALLET_INDEX = 1;

export function devAccountKey(index: number): Hex {
  const key = devMaster().derive(`${DEV_ACCOUNT_PATH}/${index}`).privateKey;
  if (!key) throw new Error('no private key');
  return `0x${Buffer.from(key).toString('hex')}`;
}

let master: HDKey | undefined;
/**
 * The dev mnemonic's root key, derived once: the seed is 2,048 rounds of PBKDF2-SHA512 in
 * JavaScript (tens of milliseconds each time), and a start asked for it once per key it used.
 */
function devMaster(): HDKey {
  master ??= HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC));
  return master;
}

/** The dev chain's deposit xpub: the dev accounts' parent (so user id N's deposit address is dev account N's). */
export function devXpub(): HDKey {
  const master = devMaster();
  return HDKey.fromExtendedKey(master.derive(DEV_ACCOUNT_PATH).publicExtendedKey);
}

/**
 * The dev chain's gas account (pays sweeps' gas): account 1' of the dev mnemonic, apart from the
 * deposit addresses (children of account 0', from user id 10000001 up) and from the funded test
 * accounts; the dev chain gives it its native coin at deploy (`deployDevUsdt`).
 */
export const DEV_GAS_PATH = "m/44'/60'/1'/0/0";

export function devGasKey(): Hex {
  const key = devMaster().derive(DEV_GAS_PATH).privateKey;
  if (!key) throw new Error('no private key');
  return `0x${Buffer.from(key).toString('hex')}`;
}

/** The dev deposit keys' parent (the private half of `devXpub`): what the dev sweep signer spends with. */
export function devDepositXprv(): HDKey {
  return devMaster().derive(DEV_ACCOUNT_PATH);
}
