import { type ChainId, DEV_CHAIN_ID } from '@otc/protocol/cashier/chains';
import type { Address, Chain as ViemChain } from 'viem';
import { bsc, cronos, foundry, mainnet } from 'viem/chains';

/**
 * What the server knows of each chain beyond its id: viem's chain definition and the USDT contract.
 * The dev chain's USDT is deployed at start, so it has none here. Decimals are never listed: they
 * are read on chain at start (BSC's USDT has 18, the others 6).
 */
export interface Network {
  chainId: ChainId;
  viem: ViemChain;
  usdt?: Address;
  /** Blocks after a transfer's own before it counts, unless CHAIN_CONFIRMATIONS_<id> says otherwise. */
  defaultConfirmations: number;
}

export const NETWORKS: Record<ChainId, Network> = {
  1: {
    chainId: 1,
    viem: mainnet,
    usdt: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    defaultConfirmations: 12,
  },
  56: {
    chainId: 56,
    viem: bsc,
    usdt: '0x55d398326f99059fF775485246999027B3197955',
    defaultConfirmations: 15,
  },
  25: {
    chainId: 25,
    viem: cronos,
    usdt: '0x66e428c3f67a68878562e79A0234c1F83c208770',
    defaultConfirmations: 10,
  },
  [DEV_CHAIN_ID]: { chainId: DEV_CHAIN_ID, viem: foundry, defaultConfirmations: 2 },
};

/** The real chains (their RPC URL from CHAIN_RPC_<id>); the dev chain is separate. */
export const REAL_CHAIN_IDS = [1, 56, 25] as const;
