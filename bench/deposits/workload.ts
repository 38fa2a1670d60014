import type { DepositChain } from '../../apps/server/src/cashier/deposit/chains.ts';

/** The workload: `deposits` transfers to `users` users spread evenly over `blocks` blocks. */
export interface Workload {
  deposits: number;
  blocks: number;
  users: number;
}

/** One planned transfer: to bench user `user` (0-based), of `value` token units (6 decimals). */
export interface PlannedTransfer {
  user: number;
  /** 1-based block of the workload (its first block is 1). */
  block: number;
  value: bigint;
}

/** Bench users' ids: high enough to stay clear of anything else in the database. */
export const userIdOf = (user: number) => String(1_000_000 + user);

/** Transfer i goes to user i mod users, in block 1 + i mod blocks, of 10.000000 USDT and i units. */
export function plan(w: Workload): PlannedTransfer[] {
  return Array.from({ length: w.deposits }, (_, i) => ({
    user: i % w.users,
    block: 1 + (i % w.blocks),
    value: 10_000_000n + BigInt(i),
  }));
}

/** A chain holding the workload, as the watcher reads it, with where the watcher's cursor starts. */
export interface ChainSource {
  chain: DepositChain;
  /** Each bench user's deposit address on it, lower-case, by user. */
  addresses: string[];
  cursor: { block: bigint; hash: string };
  stop(): Promise<void>;
}
