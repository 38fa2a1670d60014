import { randomBytes } from 'node:crypto';
import { toChecksumAddress } from '@otc/core';
import type { Address } from 'viem';
import { devChain } from './chain.ts';

/** A new address nobody holds tokens at: where a journey sends a withdrawal. */
export function freshAddress(): Address {
  return toChecksumAddress(`0x${randomBytes(20).toString('hex')}`) as Address;
}

/** The USDT an address holds on the e2e server's dev chain, read from the chain itself, as a decimal string. */
export async function devChainUsdtBalance(address: Address): Promise<string> {
  const units = await devChain().usdtBalance(address);
  const unit = 1_000_000n; // the dev USDT's 6 decimals
  const frac = (units % unit).toString().padStart(6, '0').replace(/0+$/, '');
  return `${units / unit}${frac ? `.${frac}` : ''}`;
}
