import { DEV_CHAIN_ID } from '@otc/protocol/cashier/chains';
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  parseUnits,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import type { Config } from '../../../src/config.ts';
import {
  DEV_DEPLOYER_INDEX,
  DEV_HOT_WALLET_INDEX,
  DEV_USDT,
  type DevChainEndpoint,
  deployDevUsdt,
  devAccountKey,
  startDevNode,
  tokenAbi,
} from '../../../src/platform/chain/index.ts';

/**
 * A fresh local EVM chain for a test (anvil on loopback, automining: one block per transaction, no
 * blocks otherwise, so a test decides when confirmations come with `mine(n)`), with the dev USDT
 * (6 decimals) deployed. What it gives:
 * - `rpcUrl`, `chainId` (31337), `usdt` (the token's address), `client` (viem, for reads);
 * - `accounts`: the dev mnemonic's 10 funded accounts `{ index, address, key }` (10000 ETH each).
 *   Account 0 deployed the token and holds its supply, account 1 is the server's hot wallet (it
 *   starts with 1,000,000 USDT); 2..9 are free for tests (give them USDT with `transferUsdt`);
 * - `mine(n)`: n empty blocks; `snapshot()` / `revert(id)`: the node's snapshot and revert (a reorg
 *   as the server sees it: blocks after the snapshot vanish; an id is used once);
 * - `transferUsdt(fromKey, to, amount)`: a USDT transfer of `amount` (a decimal string, e.g. '12.5')
 *   signed by `fromKey`, mined; returns its receipt;
 * - `usdtBalance(address)`: in token units (bigint);
 * - `stop()`: ends the node (also ended when the test process exits, however it ends).
 * `startDevChain({ blockTime: 1 })` also mines a block a second (the e2e setup); `connectDevChain`
 * gives the same helpers on a chain another process started.
 *
 * An app server on it: `startServer('pglite', onDevChain(dev))` (harness.ts), whose ctx.chain then
 * has the dev chain enabled with this USDT, the dev xpub's deposit addresses and account 1 as hot wallet.
 *
 *   const dev = await startDevChain();
 *   const s = await startServer('pglite', onDevChain(dev));
 *   await dev.transferUsdt(dev.accounts[2].key, s.ctx.chain.depositAddress(dev.chainId, userId), '25');
 *   await dev.mine(2);
 *   ... await s.close(); await dev.stop();
 */
export interface DevAccount {
  index: number;
  address: Address;
  key: Hex;
}

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  usdt: Address;
  client: PublicClient;
  accounts: DevAccount[];
  /** Dev account 0: deployed the token, holds its supply. */
  deployer: DevAccount;
  /** Dev account 1: the server's hot wallet on the dev chain. */
  hotWallet: DevAccount;
  pid: number;
  mine(blocks?: number): Promise<void>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  transferUsdt(fromKey: Hex, to: Address, amount: string): Promise<TransactionReceipt>;
  /** The same transfer, submitted and not waited for; `nonce` and `gasPrice` chosen (a replacement). */
  sendUsdt(
    fromKey: Hex,
    to: Address,
    amount: string,
    tx?: { nonce?: number; gasPrice?: bigint },
  ): Promise<Hash>;
  /** Automining on or off: off, transactions wait in the pool until `mine`. */
  automine(on: boolean): Promise<void>;
  usdtBalance(address: Address): Promise<bigint>;
  stop(): Promise<void>;
}

export interface StartDevChainOptions {
  /** Seconds between blocks besides one per transaction (e2e: confirmations come on their own); none by default. */
  blockTime?: number;
}

export async function startDevChain(options: StartDevChainOptions = {}): Promise<DevChain> {
  const node = await startDevNode(options.blockTime ? { blockTime: options.blockTime } : {});
  try {
    const usdt = await deployDevUsdt(node.rpcUrl);
    return { ...connectDevChain({ rpcUrl: node.rpcUrl, usdt }), pid: node.pid, stop: node.stop };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/**
 * The same helpers on a dev chain another process started (the e2e journeys: the global setup
 * starts it and provides `{ rpcUrl, usdt }`); no `stop`, as its owner ends it.
 */
export function connectDevChain({ rpcUrl, usdt }: DevChainEndpoint): Omit<DevChain, 'pid' | 'stop'> {
  const transport = http(rpcUrl);
  const client = createPublicClient({
    chain: foundry,
    transport,
    pollingInterval: 50,
    cacheTime: 0,
  }) as PublicClient;
  const test = createTestClient({ chain: foundry, mode: 'anvil', transport });
  const sendUsdt: DevChain['sendUsdt'] = (fromKey, to, amount, tx = {}) =>
    createWalletClient({ account: privateKeyToAccount(fromKey), chain: foundry, transport }).writeContract({
      address: usdt,
      abi: tokenAbi,
      functionName: 'transfer',
      args: [to, parseUnits(amount, DEV_USDT.decimals)],
      ...tx,
    });
  const accounts = Array.from({ length: 10 }, (_, index) => {
    const key = devAccountKey(index);
    return { index, key, address: privateKeyToAccount(key).address };
  });
  return {
    rpcUrl,
    chainId: DEV_CHAIN_ID,
    usdt,
    client,
    accounts,
    deployer: accounts[DEV_DEPLOYER_INDEX] as DevAccount,
    hotWallet: accounts[DEV_HOT_WALLET_INDEX] as DevAccount,
    mine: (blocks = 1) => test.mine({ blocks }),
    snapshot: () => test.snapshot(),
    revert: (id) => test.revert({ id }),
    sendUsdt,
    async transferUsdt(fromKey, to, amount) {
      const hash = await sendUsdt(fromKey, to, amount);
      return client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    },
    automine: (on) => test.setAutomine(on),
    usdtBalance: (address) =>
      client.readContract({ address: usdt, abi: tokenAbi, functionName: 'balanceOf', args: [address] }),
  };
}

/** Config overrides that connect an app server (harness.ts `startServer`) to this dev chain. */
export function onDevChain(dev: DevChainEndpoint): Partial<Config> {
  return { devChainRpcUrl: dev.rpcUrl, devChainUsdt: dev.usdt };
}
