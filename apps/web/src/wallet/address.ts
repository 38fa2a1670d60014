import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55: a letter of the address is upper case where the hash of its lower-case form has a nibble >= 8. */
export function toChecksumAddress(address: string): `0x${string}` {
  if (!ADDRESS.test(address)) throw new Error(`not an address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++)
    out += Number.parseInt(hash[i] as string, 16) >= 8 ? (lower[i] as string).toUpperCase() : lower[i];
  return out as `0x${string}`;
}

/** An address whose letters are all one case carries no checksum; a mixed-case one must carry the right one. */
export function isAddress(address: string): boolean {
  if (!ADDRESS.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}
