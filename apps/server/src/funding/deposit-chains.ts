import type { AppContext } from '../context.ts';

/** One USDT Transfer log as the watcher reads it. */
export interface TokenTransfer {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  /** The receiving address, lower-case. */
  to: string;
  /** In the token's own units. */
  value: bigint;
}

/**
 * What the deposit watcher needs of one chain. The chain platform (`ctx.chain`) provides it; tests
 * of the crediting rules give a chain of their own.
 */
export interface DepositChain {
  chainId: number;
  name: string;
  /** Confirmations a deposit waits for before it is credited. */
  confirmations: number;
  head(): Promise<bigint>;
  /** The hash of the block at `n` on the chain as it is now; null above the head. */
  blockHash(n: bigint): Promise<string | null>;
  /** Every USDT Transfer log in blocks `from`..`to` (the watcher keeps those to known addresses). */
  transfers(from: bigint, to: bigint): Promise<TokenTransfer[]>;
  /** The token's decimals, read on chain. */
  decimals(): Promise<number>;
  /** The platform's hot wallet on this chain. */
  hotWallet: string;
  /** USDT held by `address`, in the token's units. */
  balanceOf(address: string): Promise<bigint>;
}

/** The enabled chains, and each user's deposit address on one (the chain platform derives it). */
export interface DepositChains {
  list(): DepositChain[];
  depositAddress(chainId: number, userId: string): Promise<string>;
}

/** No chain enabled: deposits answer that the chain is unavailable. */
export const noChains: DepositChains = {
  list: () => [],
  depositAddress: async () => {
    throw new Error('no chain is enabled');
  },
};

/** The chains of the platform, for the area. */
export function depositChainsOf(_ctx: AppContext): DepositChains {
  return noChains;
}
