import { isAddress } from './address.ts';
import type { Hex } from './hex.ts';

/**
 * The few ERC-20 calls the app makes, encoded by hand (4-byte selector, 32-byte words): reading
 * balance and decimals, and an exact-amount transfer. Never `approve` (PRODUCT.md invariant 2):
 * no allowance is ever granted, so there is no selector for it here.
 */
export const SELECTORS = {
  transfer: '0xa9059cbb', // transfer(address,uint256)
  balanceOf: '0x70a08231', // balanceOf(address)
  decimals: '0x313ce567', // decimals()
} as const;

const UINT256_MAX = (1n << 256n) - 1n;

function addressWord(address: string): string {
  if (!isAddress(address)) throw new Error(`not an address: ${address}`);
  return address.slice(2).toLowerCase().padStart(64, '0');
}

function uintWord(value: bigint): string {
  if (value < 0n || value > UINT256_MAX) throw new RangeError('out of uint256 range');
  return value.toString(16).padStart(64, '0');
}

export function encodeTransfer(to: string, units: bigint): Hex {
  return `${SELECTORS.transfer}${addressWord(to)}${uintWord(units)}`;
}

export function encodeBalanceOf(owner: string): Hex {
  return `${SELECTORS.balanceOf}${addressWord(owner)}`;
}

export function encodeDecimals(): Hex {
  return SELECTORS.decimals;
}
