import { z } from 'zod';

/**
 * The EVM chains deposits and withdrawals run on, declared once here (issue 15). USDT is the only
 * coin; each chain's token contract and its decimals live on the server (decimals are read on
 * chain, never assumed: BSC's USDT has 18, the others 6).
 */
export const DEV_CHAIN_ID = 31337;

export const CHAINS = [
  { chainId: 1, key: 'eth', name: 'Ethereum' },
  { chainId: 56, key: 'bsc', name: 'BNB Smart Chain' },
  { chainId: 25, key: 'cronos', name: 'Cronos' },
  { chainId: DEV_CHAIN_ID, key: 'dev', name: 'Local dev chain' },
] as const;

export type ChainKey = (typeof CHAINS)[number]['key'];
export type ChainId = (typeof CHAINS)[number]['chainId'];

export const chainIds = CHAINS.map((c) => c.chainId) as ChainId[];

/** A chain id on the wire: one of the declared chains (the server says which are enabled). */
export const chainId = z
  .number()
  .int()
  .refine((id) => chainIds.includes(id as ChainId), { message: 'Unknown chain' })
  .describe('EVM chain id: 1 Ethereum, 56 BNB Smart Chain, 25 Cronos, 31337 the local dev chain');

export function chainName(id: number): string | undefined {
  return CHAINS.find((c) => c.chainId === id)?.name;
}
