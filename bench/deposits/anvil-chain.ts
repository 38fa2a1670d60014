import { DEV_CHAIN_ID } from '@otc/protocol/cashier/chains';
import { type Address, encodeFunctionData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { depositChainsOf } from '../../apps/server/src/cashier/deposit/chains.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { AppContext } from '../../apps/server/src/context.ts';
import {
  createChain,
  DEV_DEPLOYER_INDEX,
  deployDevUsdt,
  devAccountKey,
  startDevNode,
  tokenAbi,
} from '../../apps/server/src/platform/chain/index.ts';
import { type ChainSource, type PlannedTransfer, userIdOf } from './workload.ts';

async function rpc<T = unknown>(url: string, calls: { method: string; params: unknown[] }[]): Promise<T[]> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
  });
  const answers = (await res.json()) as { id: number; result?: T; error?: { message: string } }[];
  return answers
    .sort((a, b) => a.id - b.id)
    .map((a) => {
      if (a.error) throw new Error(`${calls[a.id]?.method}: ${a.error.message}`);
      return a.result as T;
    });
}

/**
 * The local dev chain (anvil, the platform's dev node) with the dev USDT, holding the planned
 * transfers from the deployer to each bench user's real deposit address (the dev xpub's, as the
 * server derives them), each in its planned block: automine off, each block's transfers sent as
 * raw signed transactions with explicit nonces in one batched request, then the block mined; then
 * the confirmations. Not timed. Returns the chain as the watcher reads it (ctx.chain through
 * viem: real RPC reads), the cursor just below the first transfer, and the node to stop.
 */
export async function anvilChain(transfers: PlannedTransfer[], users: number): Promise<ChainSource> {
  const node = await startDevNode();
  try {
    const usdt = await deployDevUsdt(node.rpcUrl);
    const platform = await createChain({
      ...loadConfig({}),
      devChainRpcUrl: node.rpcUrl,
      devChainUsdt: usdt,
    });
    const chain = depositChainsOf({ chain: platform } as AppContext).list()[0];
    if (!chain) throw new Error('the dev chain is not enabled');
    const addresses = Array.from({ length: users }, (_, u) =>
      platform.depositAddress(DEV_CHAIN_ID, userIdOf(u)),
    );
    const client = platform.client(DEV_CHAIN_ID);
    const start = await client.getBlock();
    await rpc(node.rpcUrl, [{ method: 'evm_setAutomine', params: [false] }]);

    const sender = privateKeyToAccount(devAccountKey(DEV_DEPLOYER_INDEX));
    let nonce = await client.getTransactionCount({ address: sender.address, blockTag: 'pending' });
    const byBlock = new Map<number, PlannedTransfer[]>();
    for (const t of transfers) byBlock.set(t.block, [...(byBlock.get(t.block) ?? []), t]);
    const lastBlock = Math.max(0, ...byBlock.keys());
    for (let b = 1; b <= lastBlock; b++) {
      const raws: Hex[] = [];
      for (const t of byBlock.get(b) ?? [])
        raws.push(
          await sender.signTransaction({
            chainId: DEV_CHAIN_ID,
            type: 'eip1559',
            to: usdt,
            data: encodeFunctionData({
              abi: tokenAbi,
              functionName: 'transfer',
              args: [addresses[t.user] as Address, t.value],
            }),
            nonce: nonce++,
            gas: 100_000n,
            maxFeePerGas: 10_000_000_000n,
            maxPriorityFeePerGas: 1_000_000_000n,
          }),
        );
      if (raws.length > 0)
        await rpc(
          node.rpcUrl,
          raws.map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })),
        );
      await rpc(node.rpcUrl, [{ method: 'evm_mine', params: [] }]);
    }
    await rpc(node.rpcUrl, [{ method: 'anvil_mine', params: [`0x${chain.confirmations.toString(16)}`] }]);
    // Every transaction was mined (none left waiting or dropped).
    const pending = await client.getTransactionCount({ address: sender.address, blockTag: 'pending' });
    const mined = await client.getTransactionCount({ address: sender.address });
    if (mined !== nonce || pending !== nonce) throw new Error(`only ${mined} of ${nonce} transactions mined`);
    return {
      chain,
      addresses: addresses.map((a) => a.toLowerCase()),
      cursor: { block: start.number, hash: start.hash },
      stop: node.stop,
    };
  } catch (error) {
    await node.stop();
    throw error;
  }
}
