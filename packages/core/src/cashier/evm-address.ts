import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * EVM addresses and their EIP-55 checksum. An address typed all in lower or all in upper case
 * carries no checksum and is accepted; one in mixed case must match its checksum exactly, since a
 * mistyped character there is the only protection a user has against sending to nobody's address.
 */
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export type AddressCheck = { ok: true; address: string } | { ok: false; reason: 'not_evm' | 'bad_checksum' };

/** The EIP-55 form of a 0x address of 40 hex digits (any case). */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const byte = hash[i >> 1] as number;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const c = hex[i] as string;
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** Whether `input` is an EVM address the platform may send to; if so, its checksummed form. */
export function checkEvmAddress(input: string): AddressCheck {
  if (!HEX_ADDRESS.test(input)) return { ok: false, reason: 'not_evm' };
  const body = input.slice(2);
  const checksummed = toChecksumAddress(input);
  const uniformCase = body === body.toLowerCase() || body === body.toUpperCase();
  if (!uniformCase && checksummed !== input) return { ok: false, reason: 'bad_checksum' };
  return { ok: true, address: checksummed };
}
