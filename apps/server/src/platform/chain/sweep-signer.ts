import { bytesToHex, equalBytes } from '@noble/curves/abstract/utils';
import { HDKey } from '@scure/bip32';
import type { Hex, LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../../config.ts';
import { roles } from '../roles.ts';
import { depositChildIndex } from './deposit-addresses.ts';

/**
 * The sweep signer (docs/decisions/0067-sweeps-signer-on-worker.md): the keys that spend deposit addresses and pay their
 * gas. Deposit addresses are derived on the API from DEPOSIT_XPUB alone; only the process that
 * sweeps holds SWEEP_XPRV, the extended private key whose public half is that xpub, and derives a
 * deposit address's key (child = the user id, as `depositAddressFrom`) when it sweeps it. GAS_KEY is
 * the gas account's key. Both are read only by processes that run jobs (`worker`, `all`): an `api`
 * process given them refuses to start, so a deployment keeps them off the machines that face users.
 */
export interface SweepSigner {
  /** The gas account: tops deposit addresses up with the native coin for their token transfer. */
  gas: LocalAccount;
  /** The key of user `userId`'s deposit address (the same on every EVM chain). */
  depositAccount(userId: string): LocalAccount;
}

/** Refuses sweep keys in a process that does not run jobs (the API must never hold them), or half of them. */
export function refuseSweepKeysOnApi(config: Config): void {
  if ((config.sweepXprv || config.gasKey) && !roles.runsJobs(config.role))
    throw new Error(
      `SWEEP_XPRV and GAS_KEY belong to the worker (ROLE=worker or all), not to ROLE=${config.role}`,
    );
  if (Boolean(config.sweepXprv) !== Boolean(config.gasKey))
    throw new Error('SWEEP_XPRV and GAS_KEY go together: the sweep signer needs both');
  if (config.sweepXprv && !config.depositXpub)
    throw new Error('SWEEP_XPRV needs DEPOSIT_XPUB, the public half it is checked against');
}

/** The signer from an extended private key and a gas key; the xprv must be the xpub's private half. */
export function sweepSignerFrom(xprv: HDKey, gasKey: Hex, xpub?: HDKey): SweepSigner {
  if (!xprv.privateKey) throw new Error('SWEEP_XPRV must be an extended private key (xprv...)');
  if (
    xpub &&
    !(
      xpub.publicKey &&
      xprv.publicKey &&
      equalBytes(xpub.publicKey, xprv.publicKey) &&
      equalBytes(xpub.chainCode as Uint8Array, xprv.chainCode as Uint8Array)
    )
  )
    throw new Error('SWEEP_XPRV is not the private half of DEPOSIT_XPUB: its sweeps would spend nothing');
  const gas = privateKeyToAccount(gasKey);
  const accounts = new Map<string, LocalAccount>();
  return {
    gas,
    depositAccount(userId) {
      let account = accounts.get(userId);
      if (!account) {
        const key = xprv.deriveChild(depositChildIndex(userId)).privateKey;
        if (!key) throw new Error('no private key');
        account = privateKeyToAccount(`0x${bytesToHex(key)}`);
        accounts.set(userId, account);
      }
      return account;
    },
  };
}

/** Parses SWEEP_XPRV (an xprv/tprv). */
export function parseXprv(text: string): HDKey {
  if (!/^[xt]prv/.test(text)) throw new Error('SWEEP_XPRV must be an extended private key (xprv...)');
  return HDKey.fromExtendedKey(text);
}
