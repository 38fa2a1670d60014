import { createHash } from 'node:crypto';
import type { DepositChain, TokenTransfer } from '../../apps/server/src/cashier/deposit/chains.ts';
import type { ChainSource, PlannedTransfer } from './workload.ts';

const hash = (s: string) => `0x${createHash('sha256').update(s).digest('hex')}`;

/** A made-up address per bench user (the memory chain derives nothing). */
const memoryAddressOf = (user: number) => `0x${hash(`user${user}`).slice(2, 42)}`;

/**
 * A chain held in memory: blocks 0..last+confirmations, the planned transfers in their blocks. No
 * RPC, so the watcher's own work is all that is timed. The watcher starts from a cursor at block 0.
 */
export function memoryChain(transfers: PlannedTransfer[], users: number, confirmations: number): ChainSource {
  const byBlock = new Map<number, TokenTransfer[]>();
  transfers.forEach((t, i) => {
    const list = byBlock.get(t.block) ?? [];
    list.push({
      txHash: hash(`tx${i}`),
      logIndex: list.length,
      blockNumber: BigInt(t.block),
      blockHash: hash(`block${t.block}`),
      to: memoryAddressOf(t.user),
      value: t.value,
    });
    byBlock.set(t.block, list);
  });
  const last = Math.max(0, ...byBlock.keys());
  const head = BigInt(last + confirmations);
  const chain: DepositChain = {
    chainId: 31337,
    name: 'bench',
    confirmations,
    token: `0x${'dd'.repeat(20)}`,
    hotWallet: `0x${'ee'.repeat(20)}`,
    head: async () => head,
    blockHash: async (n) => (n <= head ? hash(`block${n}`) : null),
    transfers: async (from, to) => {
      const out: TokenTransfer[] = [];
      for (let n = Number(from); n <= Number(to); n++) out.push(...(byBlock.get(n) ?? []));
      return out;
    },
    decimals: async () => 6,
    balanceOf: async () => 0n,
  };
  return {
    chain,
    addresses: Array.from({ length: users }, (_, u) => memoryAddressOf(u)),
    cursor: { block: 0n, hash: hash('block0') },
    stop: async () => {},
  };
}
