import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import { type Address, bytesToHex, getAddress } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/**
 * Deposit addresses: one per user, derived from an extended public key (the operator keeps the
 * matching private key off this server; the sweeper that spends deposits is elsewhere). The child
 * index is the user id itself (ids are below 2^31, so each user has their own non-hardened child,
 * and no two users share one). An Ethereum address is the last 20 bytes of keccak256 of the
 * UNCOMPRESSED public key's 64 bytes; BIP-32 hands out the compressed form, so it is expanded first.
 */
const MAX_CHILD_INDEX = 0x7fffffff;

/** The child index of a user's deposit key: the user id itself (the sweep signer derives the same). */
export function depositChildIndex(userId: string): number {
  if (!/^\d+$/.test(userId)) throw new Error(`a deposit address needs a numeric user id, not ${userId}`);
  const index = Number(userId);
  if (!Number.isSafeInteger(index) || index > MAX_CHILD_INDEX)
    throw new Error(`user id ${userId} is past the last non-hardened child index`);
  return index;
}

export function depositAddressFrom(xpub: HDKey, userId: string): Address {
  const compressed = xpub.deriveChild(depositChildIndex(userId)).publicKey;
  if (!compressed) throw new Error('the extended key has no public key');
  const uncompressed = secp256k1.ProjectivePoint.fromHex(compressed).toRawBytes(false);
  return getAddress(publicKeyToAddress(bytesToHex(uncompressed)));
}

/** Parses an xpub, refusing an extended private key: the server must never hold deposit keys. */
export function parseXpub(text: string): HDKey {
  if (!/^[xt]pub/.test(text)) throw new Error('DEPOSIT_XPUB must be an extended public key (xpub...)');
  const key = HDKey.fromExtendedKey(text);
  if (key.privateKey) throw new Error('DEPOSIT_XPUB must not carry a private key');
  return key;
}
