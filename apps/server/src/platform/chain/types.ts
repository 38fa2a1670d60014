import type { PublicClient, WalletClient } from 'viem';
import type { SweepSigner } from './sweep-signer.ts';

/** One enabled chain as the areas see it: its USDT contract and that token's decimals, read on chain at start. */
export interface ChainInfo {
  chainId: number;
  name: string;
  usdt: `0x${string}`;
  decimals: number;
  /** Blocks after a transfer's own before a deposit counts (CHAIN_CONFIRMATIONS_<id>). */
  confirmations: number;
}

/** The chain service on the app context (ctx.chain), built from config at start. */
export interface Chain {
  /** The enabled chains: the dev chain when one runs, and each real chain with an RPC URL. */
  chains(): ChainInfo[];
  info(chainId: number): ChainInfo | undefined;
  /** Reads (balances, logs, receipts). Throws for a chain that is not enabled. */
  client(chainId: number): PublicClient;
  /** The user's own deposit address, the same on every chain (one key pair per user across EVM chains). */
  depositAddress(chainId: number, userId: string): `0x${string}`;
  /** Signs withdrawals (and pays their gas); `address` is where the platform's float sits. */
  hotWallet(chainId: number): WalletClient & { address: `0x${string}` };
  /**
   * The sweep signer's keys on a chain (deposit addresses' keys, the gas account), only in a
   * process that runs jobs and was given them (the dev keys on the dev chain); undefined elsewhere.
   */
  sweepSigner(chainId: number): SweepSigner | undefined;
}
